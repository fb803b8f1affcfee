import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { selectCurrentUser } from '../../../lib/auth-slice';
import { SessionKey } from '../../../lib/storage-keys';

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

  useEffect(() => {
    const from = location.pathname + location.search + location.hash;
    if (isWorthReturningTo(location.pathname)) {
      sessionStorage.setItem(SessionKey.redirectUrl, from);
    }
    void navigate('/auth', { replace: true, state: { from } });
  }, [location, navigate]);

  return <Spinner label="Redirecting to sign in" />;
}

/** Protected routes: their pages render only for a signed-in user. */
export function RequireAuth() {
  const user = useSelector(selectCurrentUser);
  return user ? <Outlet /> : <SendToSignIn />;
}
