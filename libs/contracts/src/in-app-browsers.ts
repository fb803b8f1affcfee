/**
 * In-app browsers (issue 15): the webviews of social apps keep a visitor away from their
 * browser's store sessions. The product page offers a one-tap way out. These tricks break
 * when the apps update, so each escape is one entry of IN_APP_ESCAPES with an id that
 * configuration can switch off (the gateway's IN_APP_ESCAPES_OFF, a comma-separated list of
 * ids, reaches the page as `PublicProduct.inAppEscapesOff`); a switched-off escape falls back
 * to the copy-link screen.
 */

/** @public */
export type InAppBrowserId =
  'instagram' | 'facebook' | 'tiktok' | 'snapchat' | 'linkedin' | 'twitter';

export interface InAppBrowser {
  id: InAppBrowserId;
  name: string;
  /** Tokens of the app's user agent. */
  test: RegExp;
}

/**
 * In the order they are tried: Instagram's agent is checked before Facebook's.
 * @public
 */
export const IN_APP_BROWSERS: readonly InAppBrowser[] = [
  { id: 'instagram', name: 'Instagram', test: /\bInstagram\b/ },
  { id: 'facebook', name: 'Facebook', test: /\bFBAN\/|\bFBAV\/|\bFB_IAB\b/ },
  { id: 'tiktok', name: 'TikTok', test: /musical_ly|\bTikTok\b|BytedanceWebview/i },
  { id: 'snapchat', name: 'Snapchat', test: /\bSnapchat\b/i },
  { id: 'linkedin', name: 'LinkedIn', test: /\bLinkedInApp\b/ },
  { id: 'twitter', name: 'X', test: /\bTwitter/ },
];

export type PhoneOs = 'android' | 'ios';

/**
 * How a page is reopened outside the webview: `intent` (Android: the default browser),
 * `instagram-extbrowser` (iOS Instagram's `instagram://extbrowser/?url=`), `x-safari`
 * (iOS: `x-safari-https://`), or `copy` (no known way: show the link to copy).
 * @public
 */
export type EscapeMethod = 'intent' | 'instagram-extbrowser' | 'x-safari' | 'copy';

export interface InAppEscapeEntry {
  /** The configuration switch's id, `{browser}-{os}`. */
  id: string;
  browser: InAppBrowserId;
  os: PhoneOs;
  method: Exclude<EscapeMethod, 'copy'>;
}

/** Known escapes; a browser and OS not listed get the copy-link screen (TikTok, for one). */
export const IN_APP_ESCAPES: readonly InAppEscapeEntry[] = [
  { id: 'instagram-android', browser: 'instagram', os: 'android', method: 'intent' },
  { id: 'instagram-ios', browser: 'instagram', os: 'ios', method: 'instagram-extbrowser' },
  { id: 'facebook-android', browser: 'facebook', os: 'android', method: 'intent' },
  { id: 'facebook-ios', browser: 'facebook', os: 'ios', method: 'x-safari' },
  { id: 'snapchat-android', browser: 'snapchat', os: 'android', method: 'intent' },
  { id: 'linkedin-android', browser: 'linkedin', os: 'android', method: 'intent' },
  { id: 'twitter-android', browser: 'twitter', os: 'android', method: 'intent' },
];

/** The phone OS of a user agent, else null (desktop or unknown). */
export function phoneOsOf(userAgent: string): PhoneOs | null {
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return null;
}

/** The in-app browser a user agent belongs to, else null. */
export function inAppBrowserOf(userAgent: string | null | undefined): InAppBrowser | null {
  if (!userAgent) return null;
  return IN_APP_BROWSERS.find((b) => b.test.test(userAgent)) ?? null;
}

export interface InAppEscape {
  browser: InAppBrowserId;
  /** The IN_APP_ESCAPES id used; null for the copy-link screen. */
  entryId: string | null;
  method: EscapeMethod;
  /** The link to put on the button; null for `copy` (show `pageUrl` to copy). */
  href: string | null;
}

/**
 * The way out of an in-app browser for `pageUrl` (an absolute https URL), or null when the
 * agent is no in-app browser. Only ever a link for the visitor to tap: never fired by script.
 */
export function inAppEscape(
  userAgent: string | null | undefined,
  pageUrl: string,
  disabled: readonly string[] = [],
): InAppEscape | null {
  const browser = inAppBrowserOf(userAgent);
  if (!browser || !userAgent) return null;
  const os = phoneOsOf(userAgent);
  const entry = IN_APP_ESCAPES.find(
    (e) => e.browser === browser.id && e.os === os && !disabled.includes(e.id),
  );
  if (!entry) return { browser: browser.id, entryId: null, method: 'copy', href: null };
  return {
    browser: browser.id,
    entryId: entry.id,
    method: entry.method,
    href: escapeHref(entry.method, pageUrl),
  };
}

function escapeHref(method: Exclude<EscapeMethod, 'copy'>, pageUrl: string): string {
  const url = new URL(pageUrl);
  const rest = `${url.host}${url.pathname}${url.search}`;
  switch (method) {
    case 'intent':
      return `intent://${rest}#Intent;scheme=${url.protocol.replace(/:$/, '')};end`;
    case 'instagram-extbrowser':
      return `instagram://extbrowser/?url=${encodeURIComponent(url.toString())}`;
    case 'x-safari':
      return `x-safari-${url.protocol.replace(/:$/, '')}://${rest}${url.hash}`;
  }
}
