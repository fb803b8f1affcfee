import { BANNER_ALT_MAX, BANNER_LINK_MAX, BannerMessages } from './media';

/**
 * Banner rules of SPEC section 5, in words. The server checks every request with these; the
 * web checks before sending with its own copies of the same messages.
 */

export function bannerAltProblem(alt: unknown): string | undefined {
  if (typeof alt !== 'string') return BannerMessages.altNotString;
  if (alt.length > BANNER_ALT_MAX) return BannerMessages.altTooLong;
  return undefined;
}

/** Empty, a path on this site, or an http(s) address that parses. */
export function bannerLinkProblem(link: unknown): string | undefined {
  if (typeof link !== 'string') return BannerMessages.linkNotString;
  const value = link.trim();
  if (!value) return undefined;
  if (value.length > BANNER_LINK_MAX) return BannerMessages.linkTooLong;
  if (value.startsWith('/')) return samePathProblem(value);
  if (!/^https?:\/\//i.test(value)) return BannerMessages.linkInvalid;
  try {
    return new URL(value).hostname ? undefined : BannerMessages.invalidUrlFormat;
  } catch {
    return BannerMessages.invalidUrlFormat;
  }
}

const SAME_SITE = 'https://same-site.invalid';

/**
 * A path on this site, and only that: '//host' leaves the site while looking like a path, and
 * browsers read a backslash as a slash and drop tabs and line breaks (slash, backslash,
 * evil.example is //evil.example); encoded slashes and backslashes are refused too, as some
 * servers and proxies decode them.
 */
function samePathProblem(path: string): string | undefined {
  if (path.startsWith('//')) return BannerMessages.linkInvalid;
  if (/[\\\s]|%(2f|5c)/i.test(path)) return BannerMessages.linkNotSamePath;
  return new URL(path, SAME_SITE).origin === SAME_SITE ? undefined : BannerMessages.linkNotSamePath;
}

export function bannerOrderProblem(order: unknown): string | undefined {
  return typeof order === 'number' && Number.isSafeInteger(order) && order >= 0
    ? undefined
    : BannerMessages.orderInvalid;
}

/** An order as a multipart field sends it: digits only. */
export function parseBannerOrder(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function bannerIdProblem(id: unknown): string | undefined {
  return typeof id === 'string' && id.trim() !== '' ? undefined : BannerMessages.invalidId;
}

/** The list a reorder sends: non-empty, every id a non-empty string, no id twice. */
export function bannerIdsProblem(ids: unknown): string | undefined {
  if (!Array.isArray(ids) || ids.length === 0) return BannerMessages.nothingToReorder;
  if (ids.some((id) => bannerIdProblem(id) !== undefined)) return BannerMessages.invalidId;
  if (new Set(ids).size !== ids.length) return BannerMessages.duplicateIds;
  return undefined;
}

export function bannerEnabledProblem(enabled: unknown): string | undefined {
  return typeof enabled === 'boolean' ? undefined : BannerMessages.enabledNotBoolean;
}
