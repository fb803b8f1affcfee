/** The fields of the auth screen (SPEC section 3: the registration/auth form). */
export interface AuthValues {
  fullName: string;
  email: string;
  password: string;
  otp: string;
  newPassword: string;
  rememberMe: boolean;
  agreeToTerms: boolean;
}

export const EMPTY_AUTH_VALUES: AuthValues = {
  fullName: '',
  email: '',
  password: '',
  otp: '',
  newPassword: '',
  rememberMe: false,
  agreeToTerms: false,
};

export type SetAuthValue = <K extends keyof AuthValues>(field: K, value: AuthValues[K]) => void;
