/**
 * Store apps a phone can open a store link in (issue 15, "Open in the store's app"). One
 * place: the gateway's Android `intent://` answers and the web sheet read it. Each package
 * name is the app's id on Google Play (the `id=` of its Play Store page, cited per entry).
 */
export interface AppLink {
  /** The vendor key (StoreLink.key) or app name. */
  key: string;
  /** Hosts whose links the app opens (matched with their subdomains: www., m., dl.). */
  hosts: readonly string[];
  /** Android package. */
  androidPackage: string;
}

export const APP_LINKS: readonly AppLink[] = [
  // Amazon India: https://play.google.com/store/apps/details?id=in.amazon.mShop.android.shopping
  // (amazon.in only: other marketplaces' links belong to the global app, com.amazon.mShop.android.shopping)
  { key: 'amazon', hosts: ['amazon.in'], androidPackage: 'in.amazon.mShop.android.shopping' },
  // Flipkart: https://play.google.com/store/apps/details?id=com.flipkart.android
  { key: 'flipkart', hosts: ['flipkart.com'], androidPackage: 'com.flipkart.android' },
  // Myntra: https://play.google.com/store/apps/details?id=com.myntra.android
  { key: 'myntra', hosts: ['myntra.com'], androidPackage: 'com.myntra.android' },
  // AJIO: https://play.google.com/store/apps/details?id=com.ril.ajio
  { key: 'ajio', hosts: ['ajio.com'], androidPackage: 'com.ril.ajio' },
  // Meesho: https://play.google.com/store/apps/details?id=com.meesho.supply
  { key: 'meesho', hosts: ['meesho.com'], androidPackage: 'com.meesho.supply' },
  // WhatsApp: https://play.google.com/store/apps/details?id=com.whatsapp
  { key: 'whatsapp', hosts: ['wa.me', 'whatsapp.com'], androidPackage: 'com.whatsapp' },
  // YouTube: https://play.google.com/store/apps/details?id=com.google.android.youtube
  {
    key: 'youtube',
    hosts: ['youtube.com', 'youtu.be'],
    androidPackage: 'com.google.android.youtube',
  },
  // Instagram: https://play.google.com/store/apps/details?id=com.instagram.android
  { key: 'instagram', hosts: ['instagram.com'], androidPackage: 'com.instagram.android' },
];

/** The app that opens a web URL's host, else undefined. */
export function appLinkOf(webUrl: string): AppLink | undefined {
  let host: string;
  try {
    host = new URL(webUrl).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
  return APP_LINKS.find((app) => app.hosts.some((h) => host === h || host.endsWith(`.${h}`)));
}

/**
 * An Android intent URL that opens `webUrl` in the app `androidPackage` when it is installed
 * and `webUrl` itself otherwise:
 * `intent://HOST/PATH?QUERY#Intent;scheme=https;package=PKG;S.browser_fallback_url=ENCODED;end`.
 * The web URL's fragment is left out of the intent (the `#` starts the intent's own part).
 */
export function androidIntentUrl(webUrl: string, androidPackage: string): string {
  const url = new URL(webUrl);
  const scheme = url.protocol.replace(/:$/, '');
  const target = `${url.host}${url.pathname}${url.search}`;
  return (
    `intent://${target}#Intent;scheme=${scheme};package=${androidPackage};` +
    `S.browser_fallback_url=${encodeURIComponent(webUrl)};end`
  );
}
