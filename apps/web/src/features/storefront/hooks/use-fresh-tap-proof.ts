import { useEffect } from 'react';

/**
 * A product answer's tap proof (`PublicProduct.tapToken`) is good for 30 minutes; after that a
 * tap on the sheet counts as a shared link's, and Amazon's tag is left off. So a product shown
 * longer than this is read again, with a fresh proof.
 */
const TAP_PROOF_REFRESH_MS = 20 * 60_000;
const CHECK_EVERY_MS = 60_000;

/**
 * Reads the product again once its answer (fetched at `fetchedAt`) is older than 20 minutes:
 * checked every minute while the page is shown, and when the visitor comes back to the tab or
 * to the page from the back button.
 */
export function useFreshTapProof(fetchedAt: number | undefined, refetch: () => unknown): void {
  useEffect(() => {
    if (fetchedAt === undefined) return;
    const check = () => {
      if (document.visibilityState === 'visible' && Date.now() - fetchedAt > TAP_PROOF_REFRESH_MS)
        refetch();
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('pageshow', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('pageshow', check);
    };
  }, [fetchedAt, refetch]);
}
