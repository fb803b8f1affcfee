import { SHOP_HOST_META } from '@kartlink/contracts';

/**
 * On a shop's custom domain (issue 20) the gateway names the shop it serves in
 * `<meta name="kartlink:shop-host">`: its pages are then `/` and `/{shortCode}`. '' on a host
 * that serves nothing; undefined on the product's own host.
 */
export function shopHost(): string | undefined {
  if (typeof document === 'undefined') return renderingFor;
  return document.head
    .querySelector<HTMLMetaElement>(`meta[name="${SHOP_HOST_META}"]`)
    ?.content.trim();
}

/** The shop host a page is being rendered for on the server (entry-server.tsx). */
let renderingFor: string | undefined;

/** Runs a synchronous server render of a page served at a shop's custom domain. */
export function renderedForShopHost<T>(host: string | undefined, render: () => T): T {
  const before = renderingFor;
  renderingFor = host;
  try {
    return render();
  } finally {
    renderingFor = before;
  }
}

/**
 * A path of a shop's public pages (`rest` without a leading slash: '' for the shop page, the
 * short code for a product): under /{shopUrl}/ on the product's host, at the root of the
 * shop's own domain.
 */
export function shopPath(shopUrl: string, rest = ''): string {
  const onOwnDomain = shopHost() === shopUrl;
  if (onOwnDomain) return `/${rest}`;
  return rest ? `/${shopUrl}/${rest}` : `/${shopUrl}`;
}
