import { normalizeShopUrl, shopUrlProblem } from '@kartlink/contracts';
import { isBotUserAgent } from './user-agent';

const SHORT_CODE = /^[a-z0-9-]{1,40}$/i;

/**
 * The shop whose page a link-preview fetcher (or any bot, or a HEAD request) is reading:
 * `/{shopUrl}` or `/{shopUrl}/{shortCode}`, where shopUrl could be a shop (not an app route).
 * Undefined for people and for every other page.
 */
export function previewedShop(
  method: string,
  path: string,
  userAgent: string | undefined,
): string | undefined {
  if (method !== 'HEAD' && !isBotUserAgent(userAgent)) return undefined;
  const parts = path.split('/').filter(Boolean);
  if (parts.length < 1 || parts.length > 2) return undefined;
  let shop: string;
  try {
    shop = decodeURIComponent(parts[0]);
  } catch {
    return undefined;
  }
  if (shopUrlProblem(shop)) return undefined;
  if (parts.length === 2 && !SHORT_CODE.test(parts[1])) return undefined;
  return normalizeShopUrl(shop);
}
