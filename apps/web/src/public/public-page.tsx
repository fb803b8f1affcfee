import type { ComponentType } from 'react';
import { PublicLayout } from '../app/PublicLayout';
import { LIGHT_ONLY } from '../app/route-handle';
import { RootLayout } from '../app/RootLayout';
import type { PublicRoute } from './router';

/** The kinds of public page the server renders, each with its page component's module. */
export const PUBLIC_PAGES = {
  shop: async () => (await import('../features/storefront/routes/ShopPage')).ShopPage,
  product: async () => (await import('../features/storefront/routes/ProductPage')).ProductPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type PublicPageKind = keyof typeof PUBLIC_PAGES;

const PREFIXES = new Set(['shop', 'open']);

/**
 * Which public page `pathname` shows, and its parameters, as the app's route table
 * (app/routes.tsx) reads it: /{shopUrl}, /{shopUrl}/{shortCode}, each also under /shop/ and
 * /open/ (the prefix wins over a shop of that name, as react-router ranks a fixed segment first).
 */
export function publicPageOf(
  pathname: string,
  /** On a shop's custom domain, the shop it serves: its pages are / and /{shortCode}. */
  shopHost?: string,
): { kind: PublicPageKind; params: Record<string, string> } | undefined {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (shopHost) {
    if (parts.length > 1) return undefined;
    return parts[0]
      ? { kind: 'product', params: { shopUrl: shopHost, shortCode: parts[0] } }
      : { kind: 'shop', params: { shopUrl: shopHost } };
  }
  if (parts.length > 1 && PREFIXES.has(parts[0]!)) parts = parts.slice(1);
  const [shopUrl, shortCode, ...rest] = parts;
  if (!shopUrl || rest.length > 0) return undefined;
  return shortCode
    ? { kind: 'product', params: { shopUrl, shortCode } }
    : { kind: 'shop', params: { shopUrl } };
}

/**
 * The public page at `location`, showing `Page` inside the layouts the app's route table gives
 * it (the root layout, then the public layout): what the server renders (entry-server.tsx) and
 * the browser then takes over (entry-public.tsx), node for node.
 */
export function publicRoute(
  location: { pathname: string; search: string; hash: string },
  params: Record<string, string>,
  Page: ComponentType,
): PublicRoute {
  const { pathname, search, hash } = location;
  return {
    pathname,
    search,
    hash,
    params,
    handle: LIGHT_ONLY,
    layers: [<RootLayout key="root" />, <PublicLayout key="public" />, <Page key="page" />],
  };
}
