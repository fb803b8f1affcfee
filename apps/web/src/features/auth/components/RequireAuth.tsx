import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { selectCurrentUser, selectSessionStatus } from '../../../lib/auth-slice';
import { SessionKey } from '../../../lib/storage-keys';
import { useSession } from '../hooks/use-session';
import { GUARD_RECHECK_MS } from '../utils/guard-throttle';

/**
 * SPEC section 2: single-segment paths are not remembered as the place to return to after
 * signing in (that covers /auth, /404, /500 and public shop pages).
 */
function isWorthReturningTo(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length > 1;
}

function SendToSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();

  useEffect(() => {
    // The user just signed out here (SPEC section 2: logout returns to /): home, and this
    // page is not a place to come back to.
    if (session.justSignedOutOn(location.pathname)) {
      void navigate('/', { replace: true });
      return;
    }
    const from = location.pathname + location.search + location.hash;
    if (isWorthReturningTo(location.pathname)) {
      sessionStorage.setItem(SessionKey.redirectUrl, from);
    }
    void navigate('/auth', { replace: true, state: { from } });
  }, [location, navigate, session]);

  return <Spinner label="Redirecting to sign in" />;
}

/** Checks the session on every protected route change and every 45 minutes. */
function CheckedOutlet() {
  const session = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    void session.verify('navigation');
  }, [session, pathname]);

  useEffect(() => {
    const timer = setInterval(() => void session.verify('recheck'), GUARD_RECHECK_MS);
    return () => clearInterval(timer);
  }, [session]);

  return <Outlet />;
}

/**
 * Protected routes: their pages render only for a signed-in user. While the session is being
 * restored after a reload they wait, so that a signed-in user is not sent to /auth.
 */
export function RequireAuth() {
  const status = useSelector(selectSessionStatus);
  const user = useSelector(selectCurrentUser);
  if (status === 'restoring') return <Spinner label="Checking your session" />;
  return user ? <CheckedOutlet /> : <SendToSignIn />;
}
