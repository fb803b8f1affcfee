import { GoogleIcon } from '../../../components/icons';
import { API_ROOT } from '../../../lib/api';

interface GoogleButtonProps {
  label: string;
  /** The page to end on once signed in. */
  redirect: string;
}

/**
 * Google sign-in leaves the app: the gateway sends the browser to Google, and Google's answer
 * comes back to /auth#google=signed-in&redirect=… (or #error=…), which the auth page reads; the
 * one-time sign-in token is an HttpOnly cookie of this browser, never in the address.
 */
export function GoogleButton({ label, redirect }: GoogleButtonProps) {
  const href = `${API_ROOT}/auth/google?${new URLSearchParams({ redirect }).toString()}`;
  return (
    <>
      <div className="auth-divider" role="presentation">
        <span>or</span>
      </div>
      <a className="button button--secondary button--block google-button" href={href}>
        <GoogleIcon />
        {label}
      </a>
    </>
  );
}
