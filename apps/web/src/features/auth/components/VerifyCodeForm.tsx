import {
  OTP_LENGTH,
  OtpPurpose,
  otpProblem,
  passwordProblem,
  type AuthSession,
} from '@kartlink/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordField, TextField } from '../../../components/form/TextField';
import { useExchangeTokenMutation } from '../api/session-api';
import {
  useResendCodeMutation,
  useResetPasswordMutation,
  useVerifySignUpCodeMutation,
} from '../api/sign-in-api';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useFormErrors } from '../../../hooks/use-form-errors';
import type { AuthValues, SetAuthValue } from '../utils/auth-values';
import { formFailure, type FieldErrors } from '../../../lib/form-errors';
import { AuthScreenMessages } from '../utils/messages';
import { PasswordChecklist } from './PasswordChecklist';

const FIELDS = ['otp', 'newPassword'] as const;
type Field = (typeof FIELDS)[number];

/** SPEC section 5: the code field takes digits only, at most 6. */
const onlyCodeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, OTP_LENGTH);

interface VerifyCodeFormProps {
  purpose: OtpPurpose;
  values: AuthValues;
  setValue: SetAuthValue;
  /** How long the code that was sent stays valid. */
  expiresInSeconds: number;
  /** Sign-up: the code was right and the new account is signed in. */
  onSignedUp: (session: AuthSession) => void;
  /** Password reset: the new password is set. */
  onPasswordReset: () => void;
}

export function VerifyCodeForm({
  purpose,
  values,
  setValue,
  expiresInSeconds,
  onSignedUp,
  onPasswordReset,
}: VerifyCodeFormProps) {
  const isSignUp = purpose === OtpPurpose.registration;
  const [verifySignUp, signUpState] = useVerifySignUpCodeMutation();
  const [exchange, exchangeState] = useExchangeTokenMutation();
  const [resetPassword, resetState] = useResetPasswordMutation();
  const [resend, resendState] = useResendCodeMutation();
  const form = useFormErrors(FIELDS);
  const { remaining, restart } = useCountdown(expiresInSeconds);
  const checklistId = useId();
  const codeInput = useRef<HTMLInputElement | null>(null);
  const [resent, setResent] = useState(false);
  const verifying = signUpState.isLoading || exchangeState.isLoading || resetState.isLoading;
  const email = values.email.trim();

  // The code is what the user came here to type.
  useEffect(() => {
    codeInput.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors<Field> = {
      otp: otpProblem(values.otp),
      newPassword: isSignUp ? undefined : passwordProblem(values.newPassword),
    };
    if (problems.otp || problems.newPassword) return form.show(problems);

    form.reset();
    try {
      if (isSignUp) {
        const { customToken } = await verifySignUp({
          email,
          otp: values.otp,
          password: values.password,
        }).unwrap();
        onSignedUp(await exchange({ token: customToken }).unwrap());
      } else {
        await resetPassword({ email, otp: values.otp, newPassword: values.newPassword }).unwrap();
        onPasswordReset();
      }
    } catch (error) {
      form.showFailure(formFailure(error, FIELDS, AuthScreenMessages.verifyFailed));
    }
  };

  const resendCode = async () => {
    form.reset();
    try {
      const sent = await resend({
        email,
        purpose,
        ...(isSignUp ? { fullName: values.fullName.trim() } : {}),
      }).unwrap();
      // SPEC section 4: a new code restarts the timer and the old code is cleared.
      restart(sent.expiresInSeconds);
      setValue('otp', '');
      setResent(true);
      toast.success(AuthScreenMessages.codeResent);
      codeInput.current?.focus();
    } catch (error) {
      form.showFailure(formFailure(error, FIELDS, AuthScreenMessages.resendFailed));
    }
  };

  const setInput = (element: HTMLInputElement | null) => {
    codeInput.current = element;
    form.inputRef('otp')(element);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Verify code">
      <p className="auth-form__intro">
        Enter the {OTP_LENGTH}-digit code we sent to <strong>{email}</strong>.
        {resent ? ' A new code is on its way.' : ''}
      </p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField
        label="Verification code"
        name="otp"
        className="field--code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="••••••"
        value={values.otp}
        onValueChange={(typed) => {
          setValue('otp', onlyCodeDigits(typed));
          form.clear('otp');
        }}
        error={form.errors.otp}
        inputRef={setInput}
      />
      {!isSignUp && (
        <>
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={values.newPassword}
            onValueChange={(value) => {
              setValue('newPassword', value);
              form.clear('newPassword');
            }}
            error={form.errors.newPassword}
            describedBy={checklistId}
            inputRef={form.inputRef('newPassword')}
          />
          <PasswordChecklist id={checklistId} password={values.newPassword} />
        </>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={values.otp.length !== OTP_LENGTH || verifying}
      >
        {verifying
          ? 'Verifying…'
          : isSignUp
            ? 'Verify and create account'
            : 'Verify and reset password'}
      </button>
      <div className="otp-timer">
        {remaining > 0 ? (
          <p className="otp-timer__text">
            Code expires in{' '}
            <time className="otp-timer__clock" dateTime={`PT${remaining}S`}>
              {formatCountdown(remaining)}
            </time>
          </p>
        ) : (
          <p className="otp-timer__text" role="status">
            The code has expired. Ask for a new one.
          </p>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={remaining > 0 || resendState.isLoading}
          onClick={resendCode}
        >
          {resendState.isLoading ? 'Sending…' : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
