import { inAppBrowserOf, inAppEscape } from '@kartlink/contracts';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../../hooks/use-hydrated';

interface InAppEscapeView {
  /** The app whose browser this is ("Instagram"). */
  app: string;
  /** The link that reopens the page in the phone's browser; null: copy the link instead. */
  escapeUrl: string | null;
  pageUrl: string;
}

/**
 * The way out of the app's own browser this page is open in (the contract's `inAppEscape`,
 * from this browser's user agent), or null in any other browser. Null too until the page is
 * the browser's (the server's HTML knows no user agent, and the takeover must match it).
 * `disabled`: escape ids switched off in configuration.
 */
export function useInAppEscape(disabled: readonly string[] = []): InAppEscapeView | null {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const switchedOff = disabled.join(',');
  return useMemo(() => {
    if (!hydrated) return null;
    const userAgent = navigator.userAgent;
    const browser = inAppBrowserOf(userAgent);
    if (!browser) return null;
    const pageUrl = `${window.location.origin}${pathname}${search}`;
    const escape = inAppEscape(userAgent, pageUrl, switchedOff ? switchedOff.split(',') : []);
    return escape ? { app: browser.name, escapeUrl: escape.href, pageUrl } : null;
  }, [hydrated, pathname, search, switchedOff]);
}
