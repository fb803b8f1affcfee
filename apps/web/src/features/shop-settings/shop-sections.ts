/** My shop's sub-pages (SPEC section 2), in menu order. */
export const SHOP_SECTIONS = [
  { path: '/dashboard/shop/settings', label: 'Settings' },
  { path: '/dashboard/shop/social', label: 'Social' },
  { path: '/dashboard/shop/earnings', label: 'Earnings' },
  { path: '/dashboard/shop/seo', label: 'SEO', badge: 'Pro' },
  { path: '/dashboard/shop/banners', label: 'Banners', badge: 'Beta' },
] as const;
