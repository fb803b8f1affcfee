/**
 * The shop rules of SPEC section 5 as plain functions shared by the server's DTOs and the web
 * forms: one rule, one wording. Each returns the first failing message, or undefined.
 */
export const ShopMessages = {
  urlRequired: 'Shop URL is required',
  urlTooShort: 'Shop URL must be at least 3 characters long.',
  urlTooLong: 'Shop URL must be at most 50 characters long.',
  urlCharacters: 'Shop URL can only contain letters, numbers, and hyphens.',
  urlReserved: 'This shop URL is reserved. Please choose a different one.',
  urlTaken: 'This shop URL is already taken. Please choose a different one.',
  nameRequired: 'Brand name is required',
  nameTooShort: 'store name must be at least 3 characters',
  nameTooLong: 'Shop name must be at most 100 characters',
  descriptionRequired: 'Brand description is required',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be less than 500 characters',
  private: 'This shop is private.',
  notFound: 'Shop not found',
} as const;

export const SHOP_URL_MIN = 3;
export const SHOP_URL_MAX = 50;
export const SHOP_NAME_MIN = 3;
export const SHOP_NAME_MAX = 100;
export const DESCRIPTION_MIN = 10;
/** Shop settings cap the description under 500 characters. */
export const DESCRIPTION_MAX = 499;

/**
 * Top-level paths of the web app and the server: a shop there would hide a page or be hidden
 * by it. Compared after lower-casing.
 */
const RESERVED_SHOP_URLS: ReadonlySet<string> = new Set([
  '400',
  '404',
  '500',
  'about',
  'account',
  'admin',
  'admin-login',
  'analytics',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'contact',
  'create-link',
  'dashboard',
  'docs',
  'domain',
  'domains',
  'favicon',
  'help',
  'home',
  'kartlink',
  'link',
  'links',
  'login',
  'logout',
  'notfound',
  'open',
  'pricing',
  'privacy',
  'privacy-policy',
  'profile',
  'register',
  'robots',
  'secretoffer',
  'settings',
  'setup',
  'shop',
  'shops',
  'signin',
  'signup',
  'sitemap',
  'static',
  'status',
  'support',
  'terms',
  'terms-of-service',
  'url',
  'user',
  'www',
]);

/** Whether a first path segment belongs to a page of the product rather than to a shop. */
export const isReservedShopUrl = (segment: string) =>
  RESERVED_SHOP_URLS.has(normalizeShopUrl(segment));

/** What the setup wizard's field keeps of what is typed: lower case, letters, digits, hyphens. */
export function cleanShopUrlInput(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** A shop URL as looked up: trimmed and lower-cased (SPEC section 7). */
export function normalizeShopUrl(shopUrl: string): string {
  return shopUrl.trim().toLowerCase();
}

export function shopUrlProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return ShopMessages.urlRequired;
  const url = normalizeShopUrl(value);
  if (!/^[a-z0-9-]+$/.test(url)) return ShopMessages.urlCharacters;
  if (url.length < SHOP_URL_MIN) return ShopMessages.urlTooShort;
  if (url.length > SHOP_URL_MAX) return ShopMessages.urlTooLong;
  if (isReservedShopUrl(url)) return ShopMessages.urlReserved;
  return undefined;
}

export function shopNameProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return ShopMessages.nameRequired;
  if (value.trim().length < SHOP_NAME_MIN) return ShopMessages.nameTooShort;
  if (value.trim().length > SHOP_NAME_MAX) return ShopMessages.nameTooLong;
  return undefined;
}

export function shopDescriptionProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return ShopMessages.descriptionRequired;
  if (value.trim().length < DESCRIPTION_MIN) return ShopMessages.descriptionTooShort;
  if (value.trim().length > DESCRIPTION_MAX) return ShopMessages.descriptionTooLong;
  return undefined;
}
