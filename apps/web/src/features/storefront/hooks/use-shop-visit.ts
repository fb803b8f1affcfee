import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { selectAccessToken, selectSessionStatus } from '../../../lib/auth-slice';
import { whenIdle } from '../../../lib/scheduling';
import { trackShopVisit } from '../api/tracking';

/**
 * SPEC section 7: one track-shop call when a page of a public shop has been shown: the shop
 * page, or one of its product pages (`page`, the product's short code), so that a visitor who
 * opens a product link directly is a visitor with a view, as the analytics page defines them.
 * A browser that was signed in waits for its session to be restored first, so that an owner
 * opening their own shop is known as such. The call goes when the browser has a moment: reading
 * the time zone costs a phone tens of milliseconds the first time, which the page's first tasks
 * must not wait for (and it goes at once if the visitor leaves before).
 */
export function useShopVisit(shopUrl: string | undefined, page = ''): void {
  const counted = useRef<string | null>(null);
  const restoring = useSelector(selectSessionStatus) === 'restoring';
  const accessToken = useSelector(selectAccessToken);
  useEffect(() => {
    // Once per page shown, however often the effect runs (StrictMode, re-renders).
    const shown = `${shopUrl}/${page}`;
    if (!shopUrl || restoring || counted.current === shown) return;
    counted.current = shown;
    whenIdle(() => trackShopVisit(shopUrl, accessToken));
  }, [shopUrl, page, restoring, accessToken]);
}
