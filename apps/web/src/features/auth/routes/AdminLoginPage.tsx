import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';
import { serverMessageOf } from '../../../lib/errors';
import { useExchangeTokenMutation } from '../api/session-api';
import { useSession } from '../hooks/use-session';
import { AdminLoginMessages } from '../utils/messages';
import './AdminLoginPage.css';

/**
 * /admin-login?token=… (SPEC sections 2 and 8): an admin's one-time token opens the user's
 * account in this browser; the session is marked as impersonated and ends at logout.
 */
export function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [exchangeToken] = useExchangeTokenMutation();
  const [token] = useState(() => searchParams.get('token'));
  const [failure, setFailure] = useState<string | null>(() => {
    if (token === null) return AdminLoginMessages.noToken;
    return token.trim() === '' ? AdminLoginMessages.emptyToken : null;
  });
  const sent = useRef(false);

  useEffect(() => {
    if (!token?.trim() || sent.current) return;
    // The token works once: it is sent once, and does not stay in the address or history.
    sent.current = true;
    void navigate('/admin-login', { replace: true });
    // A session being restored from an older cookie must not land after this one.
    session
      .restore()
      .then(() => exchangeToken({ token: token.trim() }).unwrap())
      .then((signedIn) => {
        session.startSession(signedIn);
        toast.success(AdminLoginMessages.success);
        void navigate('/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(AdminLoginMessages.failed);
        setFailure(serverMessageOf(error) ?? AdminLoginMessages.failed);
      });
  }, [token, exchangeToken, navigate, session]);

  if (!failure) return <Spinner label="Signing you in" />;

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
