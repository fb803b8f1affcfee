import { lazy, Suspense, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import { selectSessionStatus, signedOut } from '../lib/auth-slice';
import { readStoredUser } from '../lib/stored-user';

// Sign-in code, for a browser that was signed in only, and never before the page it opens.
const SessionProvider = lazy(async () => ({
  default: (await import('../features/auth/components/SessionProvider')).SessionProvider,
}));

/**
 * The public shop and product pages. A browser that was signed in here gets its session back
 * beside the page (its owner's own visits are then known as such); any other visitor is
 * signed out at once, without a refresh call, so that nothing waits on one.
 */
export function PublicLayout() {
  const [returning] = useState(() => readStoredUser() !== null);
  const restoring = useSelector(selectSessionStatus) === 'restoring';
  const dispatch = useDispatch();

  useEffect(() => {
    if (!returning && restoring) dispatch(signedOut());
  }, [returning, restoring, dispatch]);

  return (
    <>
      <Outlet />
      {returning && (
        <Suspense fallback={null}>
          <SessionProvider>{null}</SessionProvider>
        </Suspense>
      )}
    </>
  );
}
