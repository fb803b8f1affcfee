import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useSession } from './use-session';

/**
 * Signing out, here or on every device, from wherever it is offered: logout returns to /; a
 * failure leaves the person signed in and says why.
 */
export function useSignOut() {
  const session = useSession();
  const [leaving, setLeaving] = useState<'here' | 'everywhere' | null>(null);
  const signOut = useCallback(
    async (everywhere = false) => {
      setLeaving(everywhere ? 'everywhere' : 'here');
      try {
        await session.logout({ everywhere });
      } catch (error) {
        setLeaving(null);
        toast.error(userFacingMessage(httpStatusOf(error), serverMessageOf(error)));
      }
    },
    [session],
  );
  return { signOut, leaving };
}
