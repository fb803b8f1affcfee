/** Product-wide constants shown in the UI. */
export const SITE_NAME = 'Kartlink';

export const SUPPORT_EMAIL = 'support@kartlink.app';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** SPEC section 9: a product links to at most 7 stores. */
export const MAX_STORES_PER_PRODUCT = 7;

/** The stores a product link can point to (SPEC section 3, vendors). */
export const STORE_NAMES = ['Amazon', 'Flipkart', 'Myntra', 'AJIO', 'Meesho', 'WhatsApp'] as const;

export const SOCIAL_PROFILES = [
  { name: 'Instagram', href: 'https://www.instagram.com/kartlink.app' },
  { name: 'X', href: 'https://x.com/kartlinkapp' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/kartlink' },
] as const;
