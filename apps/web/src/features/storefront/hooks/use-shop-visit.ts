import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { selectAccessToken, selectSessionStatus } from '../../../lib/auth-slice';
import { trackShopVisit } from '../api/tracking';

/**
 * SPEC section 7: one track-shop call when a public shop has been shown. A browser that was
 * signed in waits for its session to be restored first, so that an owner opening their own
 * shop is known as such.
 */
export function useShopVisit(shopUrl: string | undefined): void {
  const counted = useRef<string | null>(null);
  const restoring = useSelector(selectSessionStatus) === 'restoring';
  const accessToken = useSelector(selectAccessToken);
  useEffect(() => {
    // Once per shop shown, however often the effect runs (StrictMode, re-renders).
    if (!shopUrl || restoring || counted.current === shopUrl) return;
    counted.current = shopUrl;
    trackShopVisit(shopUrl, accessToken);
  }, [shopUrl, restoring, accessToken]);
}
