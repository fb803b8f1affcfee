import type { SignInPreview } from '@kartlink/contracts';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { serverMessageOf } from '../../../lib/errors';
import { useExchangeTokenMutation, usePreviewSignInMutation } from '../api/session-api';
import { useSession } from '../hooks/use-session';
import { AdminLoginMessages } from '../utils/messages';
import './AdminLoginPage.css';

/**
 * /admin-login?token=… (SPEC sections 2 and 8): an admin's one-time token opens the user's
 * account in this browser; the session is marked as impersonated and ends at logout. A link
 * can be sent to anyone, so the page first says whose account it opens ("Continue as …?") and
 * signs in only when the person confirms.
 */
export function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [previewSignIn] = usePreviewSignInMutation();
  const [exchangeToken] = useExchangeTokenMutation();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? null);
  const [preview, setPreview] = useState<SignInPreview | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(() => {
    if (token === null) return AdminLoginMessages.noToken;
    return token === '' ? AdminLoginMessages.emptyToken : null;
  });
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    // The token does not stay in the address or history.
    asked.current = true;
    void navigate('/admin-login', { replace: true });
    previewSignIn({ token })
      .unwrap()
      .then(setPreview)
      .catch((error: unknown) => {
        setFailure(serverMessageOf(error) ?? AdminLoginMessages.failed);
      });
  }, [token, previewSignIn, navigate]);

  const signIn = () => {
    if (!token || signingIn) return;
    setSigningIn(true);
    // A session being restored from an older cookie must not land after this one.
    session
      .restore()
      .then(() => exchangeToken({ token }).unwrap())
      .then((signedIn) => {
        session.startSession(signedIn);
        toast.success(AdminLoginMessages.success);
        void navigate('/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(AdminLoginMessages.failed);
        setFailure(serverMessageOf(error) ?? AdminLoginMessages.failed);
      });
  };

  if (failure) {
    return (
      <section className="admin-login" aria-labelledby="admin-login-title">
        <span className="admin-login__icon">
          <ShieldIcon width={28} height={28} />
        </span>
        <h1 id="admin-login-title">Authentication Failed</h1>
        <p className="admin-login__text" role="alert">
          {failure}
        </p>
        <Link to="/dashboard" className="button button--primary">
          Go to Dashboard
        </Link>
      </section>
    );
  }
  if (!preview || signingIn) return <Spinner label="Signing you in" />;

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <span className="admin-login__icon admin-login__icon--ask">
        <ShieldIcon width={28} height={28} />
      </span>
      <h1 id="admin-login-title">Continue as {preview.displayName || preview.email}?</h1>
      <p className="admin-login__text">
        This link signs this browser in to the account of {preview.email}
        {preview.impersonation ? ', to act for its owner as an admin' : ''}. Continue only if you
        asked for it.
      </p>
      <div className="admin-login__actions">
        <button type="button" className="button button--primary" onClick={signIn}>
          Continue
        </button>
        <Link to="/" className="button button--secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}
