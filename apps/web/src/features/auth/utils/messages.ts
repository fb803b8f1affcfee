import { DefaultErrorMessage } from '@kartlink/contracts';

/** SPEC section 8, Auth screens: what each call shows when the server gives no message. */
export const AuthScreenMessages = {
  signUpFailed: 'Failed to create account',
  resetCodeFailed: 'Failed to send reset code',
  verifyFailed: 'Invalid verification code',
  resendFailed: 'Failed to resend verification code',
  accountCreated: 'Account created successfully! Redirecting...',
  passwordReset: 'Password reset successfully! You can now sign in with your new password.',
  codeResent: 'Verification code resent successfully.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleCancelled: 'Google sign-in was cancelled.',
} as const;

/** SPEC section 8, Guard; and the sign-out of SPEC section 4. */
export const SessionMessages = {
  expired: 'Your session has expired. Please log in again.',
  invalid: 'Invalid session. Please log in again.',
  offline: DefaultErrorMessage.network,
  rateLimited: DefaultErrorMessage.rateLimit,
} as const;

/** SPEC section 8, Guard and phone. */
export const PhoneMessages = {
  taken: 'This phone number is already registered to another account.',
  invalidFormat: 'Invalid phone number format. Please check and try again.',
  saved: 'Phone number saved successfully.',
} as const;

/** SPEC section 8, Auth screens: the admin login page. */
export const AdminLoginMessages = {
  noToken: 'No authentication token provided',
  emptyToken: 'Missing authentication token',
  failed: 'Failed to log in with admin token',
  success: 'Successfully logged in as user',
} as const;
