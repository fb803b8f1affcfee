import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import { useHydrated } from '../hooks/use-hydrated';
import { selectSessionStatus } from '../lib/auth-slice';

// Sign-in code, for a browser that was signed in only, and never before the page it opens.
const SessionProvider = lazy(async () => ({
  default: (await import('../features/auth/components/SessionProvider')).SessionProvider,
}));

/**
 * The public shop and product pages. A browser that was signed in here (its session starts
 * `restoring`, see auth-slice.ts) gets its session back beside the page, so that an owner's
 * own visits are known as such; any other visitor loads no sign-in code at all.
 */
export function PublicLayout() {
  const restoring = useSelector(selectSessionStatus) === 'restoring';
  // Kept once started: the session then keeps its token fresh while the visitor browses.
  const [returning] = useState(restoring);
  // The page the server rendered knew of no session: the session joins it after the takeover.
  const hydrated = useHydrated();
  return (
    <>
      <Outlet />
      {returning && hydrated && (
        <Suspense fallback={null}>
          <SessionProvider>{null}</SessionProvider>
        </Suspense>
      )}
    </>
  );
}
