import { useEffect, useRef } from 'react';
import { trackShopVisit } from '../api/tracking';

/** SPEC section 7: one track-shop call when a public shop has been shown. */
export function useShopVisit(shopUrl: string | undefined): void {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    // Once per shop shown, however often the effect runs (StrictMode, re-renders).
    if (!shopUrl || counted.current === shopUrl) return;
    counted.current = shopUrl;
    trackShopVisit(shopUrl);
  }, [shopUrl]);
}
