import type { PageKind } from '../web/public-pages';
import { isBotUserAgent } from './user-agent';

/**
 * The shop whose page a link-preview fetcher (or any bot, or a HEAD request) is reading: a
 * shop page or one of its product pages. Undefined for people and for every other page.
 */
export function previewedShop(
  method: string,
  page: PageKind,
  userAgent: string | undefined,
): string | undefined {
  if (page.kind !== 'shop' && page.kind !== 'product') return undefined;
  if (method !== 'HEAD' && !isBotUserAgent(userAgent)) return undefined;
  return page.shopUrl;
}
