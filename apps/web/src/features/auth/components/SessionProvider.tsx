import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler, setSessionRefresher } from '../../../lib/base-query';
import { SessionContext } from '../hooks/use-session';
import { SessionController, type SessionStore } from '../utils/session-controller';

/**
 * Owns the session of this tab: restores it once on page load, keeps the access token fresh,
 * and lets every API call refresh it on a 401 (and sign out 2 s later if that fails).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // The app's store takes thunks (RTK Query's calls); react-redux types it as a plain store.
  const store = useStore() as unknown as SessionStore;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [session] = useState(() => new SessionController(store));

  useEffect(() => {
    session.setNavigate((to) => void navigate(to));
  }, [session, navigate]);

  useEffect(() => {
    session.setPath(pathname);
  }, [session, pathname]);

  useEffect(() => {
    setSessionRefresher(async () => (await session.refresh()).ok);
    setSessionExpiredHandler(() => session.scheduleLogout());
    session.start();
    void session.restore();
    return () => {
      setSessionRefresher(null);
      setSessionExpiredHandler(null);
      session.stop();
    };
  }, [session]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
