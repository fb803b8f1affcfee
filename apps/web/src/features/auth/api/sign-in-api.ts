import type {
  AuthProviders,
  AuthSession,
  CodeSent,
  CustomTokenAnswer,
  LoginBody,
  PasswordResetSendOtpBody,
  PasswordResetVerifyOtpBody,
  RegisterSendOtpBody,
  RegisterVerifyOtpBody,
  ResendOtpBody,
} from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf, dataWithMessage } from '../../../lib/envelope';
import { timeZoneHeaders } from '../../../lib/time-zone';

// None of these calls is made with a session, so a 401 is an answer, not an expired token.
const SIGN_IN_CALL = { skipSessionRecovery: true } as const;

/** The calls of the /auth screen (SPEC section 7, Auth, plus login and providers). */
const signInApi = api.injectEndpoints({
  endpoints: (build) => ({
    authProviders: build.query<AuthProviders, void>({
      query: () => '/auth/providers',
      transformResponse: dataOf<AuthProviders>,
      extraOptions: SIGN_IN_CALL,
    }),
    login: build.mutation<AuthSession, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body, headers: timeZoneHeaders() }),
      transformResponse: dataOf<AuthSession>,
      extraOptions: SIGN_IN_CALL,
    }),
    sendSignUpCode: build.mutation<CodeSent, RegisterSendOtpBody>({
      query: (body) => ({ url: '/auth/register/send-otp', method: 'POST', body }),
      transformResponse: dataOf<CodeSent>,
      extraOptions: SIGN_IN_CALL,
    }),
    verifySignUpCode: build.mutation<CustomTokenAnswer, RegisterVerifyOtpBody>({
      query: (body) => ({ url: '/auth/register/verify-otp', method: 'POST', body }),
      transformResponse: dataOf<CustomTokenAnswer>,
      extraOptions: SIGN_IN_CALL,
    }),
    resendCode: build.mutation<CodeSent, ResendOtpBody>({
      query: (body) => ({
        url: '/auth/otp/resend',
        method: 'POST',
        body,
        headers: timeZoneHeaders(),
      }),
      transformResponse: dataOf<CodeSent>,
      extraOptions: SIGN_IN_CALL,
    }),
    sendResetCode: build.mutation<{ data: CodeSent; message?: string }, PasswordResetSendOtpBody>({
      query: (body) => ({
        url: '/auth/password-reset/send-otp',
        method: 'POST',
        body,
        headers: timeZoneHeaders(),
      }),
      transformResponse: dataWithMessage<CodeSent>,
      extraOptions: SIGN_IN_CALL,
    }),
    resetPassword: build.mutation<{ data: unknown; message?: string }, PasswordResetVerifyOtpBody>({
      query: (body) => ({ url: '/auth/password-reset/verify-otp', method: 'POST', body }),
      transformResponse: dataWithMessage<unknown>,
      extraOptions: SIGN_IN_CALL,
    }),
  }),
});

export const {
  useAuthProvidersQuery,
  useLoginMutation,
  useSendSignUpCodeMutation,
  useVerifySignUpCodeMutation,
  useResendCodeMutation,
  useSendResetCodeMutation,
  useResetPasswordMutation,
} = signInApi;
