import { Outlet } from 'react-router';
import { SessionProvider } from '../features/auth/components/SessionProvider';

/**
 * Every page but the public shop and product pages: the session of this tab (restored from
 * the refresh cookie on load). Loaded with the first such page, so that a visitor opening a
 * shop's link loads no sign-in code and makes no refresh call before the shop shows.
 */
export function SessionLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
