import { createContext, useContext } from 'react';
import type { SessionController } from '../utils/session-controller';

export const SessionContext = createContext<SessionController | null>(null);

/** The session of this tab (see SessionProvider). */
export function useSession(): SessionController {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() is used outside <SessionProvider>');
  return session;
}
