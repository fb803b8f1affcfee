import { Navigate, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/errors/ErrorScreen';
import { Spinner } from '../components/Spinner';
import { PublicLayout } from './PublicLayout';
import { RootLayout } from './RootLayout';
import { LIGHT_ONLY, type RouteHandle } from './route-handle';

// Every page is its own chunk, loaded on first visit; public shop pages pull no dashboard code.
const notFoundPage = async () => ({
  Component: (await import('../features/error-pages/routes/NotFoundPage')).NotFoundPage,
});
const shopPage = async () => ({
  Component: (await import('../features/storefront/routes/ShopPage')).ShopPage,
});
const productPage = async () => ({
  Component: (await import('../features/storefront/routes/ProductPage')).ProductPage,
});

const SITE_CHROME: RouteHandle = { siteChrome: true };

/**
 * A public shop's page and its products' pages under `prefix`. A page the server rendered is
 * run by its own build instead (src/public/public-page.tsx), with these same components.
 */
const publicShopRoutes = (prefix: string): RouteObject[] => [
  { path: `${prefix}:shopUrl`, handle: LIGHT_ONLY, lazy: shopPage },
  { path: `${prefix}:shopUrl/:shortCode`, handle: LIGHT_ONLY, lazy: productPage },
];

/** The route table of SPEC section 2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <Spinner />,
    children: [
      // SPEC section 2: public shops live at /{shopUrl}, and also under /shop/ and /open/. They
      // load no sign-in code (PublicLayout); every other page has the session (SessionLayout).
      { element: <PublicLayout />, children: ['', 'shop/', 'open/'].flatMap(publicShopRoutes) },
      {
        lazy: async () => ({ Component: (await import('./SessionLayout')).SessionLayout }),
        children: sessionRoutes(),
      },
    ],
  },
];

/**
 * The routes of a shop's custom domain (issue 20): the shop at /, its products at /{shortCode}
 * (the pages read the shop from the page, lib/shop-host.ts), the 404 page for anything else or
 * for a host that serves no shop (`shopUrl` '').
 */
export function customHostRoutes(shopUrl: string): RouteObject[] {
  const notFound: RouteObject = { path: '*', handle: LIGHT_ONLY, lazy: notFoundPage };
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <Spinner />,
      children: [
        {
          element: <PublicLayout />,
          children: shopUrl
            ? [
                { index: true, handle: LIGHT_ONLY, lazy: shopPage },
                { path: ':shortCode', handle: LIGHT_ONLY, lazy: productPage },
                notFound,
              ]
            : [notFound],
        },
      ],
    },
  ];
}

/** Every page that knows who is signed in. */
function sessionRoutes(): RouteObject[] {
  return [
    {
      index: true,
      handle: SITE_CHROME,
      lazy: async () => ({
        Component: (await import('../features/marketing/routes/HomePage')).HomePage,
      }),
    },
    {
      path: 'auth',
      handle: SITE_CHROME,
      lazy: async () => ({
        Component: (await import('../features/auth/routes/AuthPage')).AuthPage,
      }),
    },
    {
      path: 'admin-login',
      lazy: async () => ({
        Component: (await import('../features/auth/routes/AdminLoginPage')).AdminLoginPage,
      }),
    },
    {
      path: 'privacy-policy',
      handle: SITE_CHROME,
      lazy: async () => ({
        Component: (await import('../features/marketing/routes/PrivacyPolicyPage'))
          .PrivacyPolicyPage,
      }),
    },
    {
      path: 'terms-of-service',
      handle: SITE_CHROME,
      lazy: async () => ({
        Component: (await import('../features/marketing/routes/TermsOfServicePage'))
          .TermsOfServicePage,
      }),
    },
    { path: 'privacy', element: <Navigate to="/privacy-policy" replace /> },
    { path: 'terms', element: <Navigate to="/terms-of-service" replace /> },
    { path: 'profile', element: <Navigate to="/dashboard/account" replace /> },
    { path: '404', lazy: notFoundPage },
    { path: 'notfound', lazy: notFoundPage },
    {
      path: '400',
      lazy: async () => ({
        Component: (await import('../features/error-pages/routes/BadRequestPage')).BadRequestPage,
      }),
    },
    {
      path: '500',
      lazy: async () => ({
        Component: (await import('../features/error-pages/routes/ServerErrorPage')).ServerErrorPage,
      }),
    },
    {
      lazy: async () => ({
        Component: (await import('../features/auth/components/RequireAuth')).RequireAuth,
      }),
      children: [
        {
          // SPEC section 2: an unfinished shop sends its owner to the wizard, once a session.
          lazy: async () => ({
            Component: (await import('../features/shop-setup/components/SetupGate')).SetupGate,
          }),
          children: [
            {
              path: 'dashboard',
              lazy: async () => ({
                Component: (await import('./DashboardLayout')).DashboardLayout,
              }),
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/overview/routes/OverviewPage'))
                      .OverviewPage,
                  }),
                },
                {
                  path: 'links',
                  lazy: async () => ({
                    Component: (await import('../features/products/routes/ProductsPage'))
                      .ProductsPage,
                  }),
                },
                {
                  path: 'links/import',
                  lazy: async () => ({
                    Component: (await import('../features/products/routes/ImportProductsPage'))
                      .ImportProductsPage,
                  }),
                },
                {
                  path: 'link/:id',
                  lazy: async () => ({
                    Component: (await import('../features/products/routes/ProductDetailPage'))
                      .ProductDetailPage,
                  }),
                },
                {
                  path: 'create-link',
                  lazy: async () => ({
                    Component: (await import('../features/products/routes/CreateProductPage'))
                      .CreateProductPage,
                  }),
                },
                {
                  path: 'account',
                  lazy: async () => ({
                    Component: (await import('../features/auth/routes/AccountPage')).AccountPage,
                  }),
                },
                {
                  path: 'webhooks',
                  lazy: async () => ({
                    Component: (await import('../features/webhooks/routes/WebhooksPage'))
                      .WebhooksPage,
                  }),
                },
                {
                  path: 'analytics',
                  lazy: async () => ({
                    Component: (await import('../features/analytics/routes/AnalyticsPage'))
                      .AnalyticsPage,
                  }),
                },
                {
                  path: 'pricing',
                  lazy: async () => ({
                    Component: (await import('../features/pricing/routes/PricingPage')).PricingPage,
                  }),
                },
                {
                  path: 'secretoffer',
                  lazy: async () => ({
                    Component: (await import('../features/pricing/routes/SecretOfferPage'))
                      .SecretOfferPage,
                  }),
                },
                {
                  path: 'shop',
                  // The extra shop guard: no shop or an unfinished one goes to the wizard.
                  lazy: async () => ({
                    Component: (await import('../features/shop-settings/components/RequireShop'))
                      .RequireShop,
                  }),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({
                        Component: (await import('../features/shop-settings/routes/MyShopPage'))
                          .MyShopPage,
                      }),
                    },
                    {
                      lazy: async () => ({
                        Component: (
                          await import('../features/shop-settings/routes/ShopSectionsLayout')
                        ).ShopSectionsLayout,
                      }),
                      children: [
                        {
                          path: 'settings',
                          lazy: async () => ({
                            Component: (
                              await import('../features/shop-settings/routes/ShopSettingsPage')
                            ).ShopSettingsPage,
                          }),
                        },
                        {
                          path: 'seo',
                          lazy: async () => ({
                            Component: (
                              await import('../features/shop-settings/routes/ShopSeoPage')
                            ).ShopSeoPage,
                          }),
                        },
                        {
                          path: 'earnings',
                          lazy: async () => ({
                            Component: (
                              await import('../features/shop-settings/routes/ShopEarningsPage')
                            ).ShopEarningsPage,
                          }),
                        },
                        {
                          path: 'social',
                          lazy: async () => ({
                            Component: (
                              await import('../features/shop-settings/routes/ShopSocialPage')
                            ).ShopSocialPage,
                          }),
                        },
                        {
                          path: 'banners',
                          lazy: async () => ({
                            Component: (
                              await import('../features/shop-settings/routes/ShopBannersPage')
                            ).ShopBannersPage,
                          }),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: 'shop/setup',
          lazy: async () => ({
            Component: (await import('../features/shop-setup/routes/ShopSetupPage')).ShopSetupPage,
          }),
        },
      ],
    },
    {
      // Issue 21: the admin console, in the dashboard's frame, in chunks of its own.
      path: 'admin',
      lazy: async () => ({ Component: (await import('./AdminGate')).AdminGate }),
      children: [
        {
          lazy: async () => ({ Component: (await import('./DashboardLayout')).DashboardLayout }),
          children: [
            {
              lazy: async () => ({
                Component: (await import('../features/admin/routes/AdminLayout')).AdminLayout,
              }),
              children: [
                { index: true, element: <Navigate to="/admin/users" replace /> },
                {
                  path: 'users',
                  lazy: async () => ({
                    Component: (await import('../features/admin/routes/AdminUsersPage'))
                      .AdminUsersPage,
                  }),
                },
                {
                  path: 'shops',
                  lazy: async () => ({
                    Component: (await import('../features/admin/routes/AdminShopsPage'))
                      .AdminShopsPage,
                  }),
                },
                {
                  path: 'reports',
                  lazy: async () => ({
                    Component: (await import('../features/admin/routes/AdminReportsPage'))
                      .AdminReportsPage,
                  }),
                },
                {
                  path: 'audit',
                  lazy: async () => ({
                    Component: (await import('../features/admin/routes/AdminAuditPage'))
                      .AdminAuditPage,
                  }),
                },
                { path: '*', lazy: notFoundPage },
              ],
            },
          ],
        },
      ],
    },
    // Unknown dashboard paths would otherwise read as /{shopUrl}/{shortCode}.
    { path: 'dashboard/*', lazy: notFoundPage },
    { path: '*', lazy: notFoundPage },
  ];
}
