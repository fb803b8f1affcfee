import { PUBLIC_URL_META } from '@kartlink/contracts';

/**
 * The one address people open Kartlink at (the gateway's PUBLIC_URL), for every link the app
 * shows or copies. The gateway writes it into the page it serves as
 * `<meta name="kartlink:public-url">`, so that a page opened at another host (127.0.0.1 for
 * localhost, an internal name behind an ingress) still shows the links the server makes. Where
 * the page carries none (the Vite dev server run on its own), it is the page's own origin.
 */

export function publicOrigin(): string {
  const configured = document
    .querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`)
    ?.content.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A broken tag must not break every page: the page's own origin is the next best.
    }
  }
  return window.location.origin;
}

/** The public address without its scheme, as shown before a shop URL: "kartlink.in". */
export function publicHost(): string {
  return new URL(publicOrigin()).host;
}

/** The address visitors open for a shop: the public address, then the shop URL. */
export function publicShopAddress(shopUrl: string): string {
  return `${publicOrigin()}/${shopUrl}`;
}
