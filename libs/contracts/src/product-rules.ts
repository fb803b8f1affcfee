/**
 * Product links (SPEC sections 3 and 5): store addresses, the vendor named from each, and
 * short codes. Shared by the server's DTOs and the web forms.
 */
export const ProductMessages = {
  tooFewStores: 'Please add at least 2 store links',
  tooManyStores: 'You can add at most 7 store links',
  badStoreUrl: (n: number) => `Store link ${n} is not a valid http or https address`,
  shortCodeCharacters: 'Short code can only contain lowercase letters, numbers, and hyphens',
  shortCodeLength: 'Short code must be 3 to 40 characters long',
  shortCodeTaken: 'This short code is already used in your shop. Please choose another.',
  titleRequired: 'Product title is required',
  titleTooLong: 'Product title must be at most 200 characters',
  priceInvalid: 'Price must be a positive amount in rupees',
  limitReached: 'Upgrade to Premium for unlimited products',
  notFound: 'This product link does not exist or has been removed.',
  tooFast: 'You are creating links too quickly. Please wait a moment and try again.',
  defaultStoreShape: 'The pinned store must be a store key such as amazon or flipkart, or null',
  defaultStoreUnknown: (keys: readonly string[]) =>
    `The pinned store must be one of this product's stores (${keys.join(', ')})`,
  storeHostBlocked: (n: number, host: string) =>
    `Store link ${n} leads to ${host}, which Kartlink does not allow. Please link to a different store.`,
  storeHostNotAllowed: (n: number, host: string) =>
    `Store link ${n} leads to ${host}, which is not one of the stores links may lead to here. Please link to a different store.`,
  shortLinkUnresolved: (n: number, host: string) =>
    `Store link ${n} is a short link (${host}) that could not be opened, so it was saved as given: paste the full store address so tags and the store's app can be used`,
} as const;

export const MIN_STORE_URLS = 2;
export const MAX_STORE_URLS = 7;
const SHORT_CODE_LENGTH = 7;
/** No 0/o, 1/l/i: a code read aloud or off a screen is typed right. */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/**
 * A store address as kept: trimmed, any javascript: scheme stripped, https:// added when no
 * scheme is given. Undefined when what remains is not an http(s) address with a host.
 */
export function normalizeStoreUrl(raw: string): string | undefined {
  let value = raw.trim();
  while (/^\s*javascript:/i.test(value)) value = value.replace(/^\s*javascript:/i, '').trim();
  if (!value) return undefined;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) value = `https://${value.replace(/^\/+/, '')}`;
  try {
    const url = new URL(value);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname.includes('.'))
      return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

const VENDORS: Array<{ name: string; key: string; hosts: RegExp }> = [
  { name: 'Amazon', key: 'amazon', hosts: /(^|\.)(amazon\.[a-z.]+|amzn\.[a-z.]+)$/ },
  { name: 'Flipkart', key: 'flipkart', hosts: /(^|\.)(flipkart\.com|fkrt\.it|fkrt\.co)$/ },
  { name: 'Myntra', key: 'myntra', hosts: /(^|\.)(myntra\.com|myntr\.it)$/ },
  { name: 'AJIO', key: 'ajio', hosts: /(^|\.)ajio\.com$/ },
  { name: 'Meesho', key: 'meesho', hosts: /(^|\.)(meesho\.com|msho\.in)$/ },
  { name: 'WhatsApp', key: 'whatsapp', hosts: /(^|\.)(whatsapp\.com|wa\.me)$/ },
];

// Second-level labels under which a name sits one level deeper (shop.example.co.in → Example).
const PUBLIC_SUFFIX_LABELS = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu']);

/**
 * The store of an address (SPEC section 3): one of the known vendors, else the site's
 * second-level domain, capitalised. `key` is the icon key: the vendor's, or 'web'.
 */
export function vendorOf(storeUrl: string): { vendor: string; key: string } {
  const host = new URL(storeUrl).hostname.toLowerCase().replace(/^www\./, '');
  const known = VENDORS.find((v) => v.hosts.test(host));
  if (known) return { vendor: known.name, key: known.key };
  // A site at a bare address (a shop on a home server, a test's fake store): named by it.
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return { vendor: host, key: 'web' };
  const labels = host.split('.');
  let index = labels.length - 2;
  if (
    index > 0 &&
    PUBLIC_SUFFIX_LABELS.has(labels[index]) &&
    labels[labels.length - 1].length === 2
  )
    index -= 1;
  const name = labels[Math.max(0, index)] ?? host;
  return { vendor: name.charAt(0).toUpperCase() + name.slice(1), key: 'web' };
}

/** A pinned store as a request may carry it: a vendor key (checked against the stores later), or null. */
export function defaultStoreShapeProblem(value: unknown): string | undefined {
  if (value === null) return undefined;
  return typeof value === 'string' && /^[a-z]{2,40}$/.test(value)
    ? undefined
    : ProductMessages.defaultStoreShape;
}

/** The first problem with a list of store addresses, or undefined. */
export function storeUrlsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length < MIN_STORE_URLS) return ProductMessages.tooFewStores;
  if (value.length > MAX_STORE_URLS) return ProductMessages.tooManyStores;
  const bad = value.findIndex(
    (url) => typeof url !== 'string' || url.length > 2048 || !normalizeStoreUrl(url),
  );
  return bad >= 0 ? ProductMessages.badStoreUrl(bad + 1) : undefined;
}

export function shortCodeProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^[a-z0-9-]+$/.test(value))
    return ProductMessages.shortCodeCharacters;
  if (value.length < 3 || value.length > 40) return ProductMessages.shortCodeLength;
  return undefined;
}

/** A random short code from the unambiguous alphabet (about 34 bits: collisions are retried). */
export function generateShortCode(length = SHORT_CODE_LENGTH): string {
  const bytes = new Uint8Array(length * 2);
  globalThis.crypto.getRandomValues(bytes);
  let code = '';
  for (const byte of bytes) {
    // 248 = 8 × 31: bytes above it would favour the first letters.
    if (byte < 248) code += SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length];
    if (code.length === length) return code;
  }
  return code + generateShortCode(length - code.length);
}

/** Indian digit grouping: the last three digits, then pairs (1,23,45,678). */
function groupIndian(digits: string): string {
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}` : tail;
}

/**
 * Prices are shown the Indian way: ₹1,23,456 (paise only when there are some), as
 * Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }) writes them. Written out
 * rather than asked of Intl: a phone spends tens of milliseconds loading the locale's data for
 * the first format, on the path of a public page's first render, and the server and the
 * browser (whose locale data may differ) write the very same text.
 */
export function formatRupees(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const [whole = '0', paise] = Math.abs(amount)
    .toFixed(Number.isInteger(amount) ? 0 : 2)
    .split('.');
  return `${sign}₹${groupIndian(whole)}${paise === undefined ? '' : `.${paise}`}`;
}
