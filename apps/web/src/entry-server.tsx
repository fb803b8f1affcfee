import type { EmbeddedPublicData } from '@kartlink/contracts';
import { renderToString } from 'react-dom/server';
import { App } from './app/App';
import { createAppStore } from './app/store';
import { seedEmbeddedData } from './features/storefront/api/embedded-data';
import { api } from './lib/api';
import { renderedForShopHost } from './lib/shop-host';
import { PUBLIC_PAGES, publicPageOf, publicRoute } from './public/public-page';
import { PublicRouter } from './public/router';

/**
 * The web app on the server (`vite build --ssr`, loaded by the gateway's web/server-renderer.ts):
 * a public shop or product page rendered to HTML from the data the page embeds, by the same
 * components, store, Preact and router (vite.config.ts) as in the browser, which then takes the
 * HTML over (entry-public.tsx).
 * The page paints with its shop, products and pictures before any JavaScript has run.
 */

/**
 * The HTML inside `<div id="root">` of the page at `path`, showing `data`.
 * @public the gateway calls it, from the build (apps/gateway/src/web/server-renderer.ts).
 */
export async function renderPublicPage(
  path: string,
  data: EmbeddedPublicData,
  /** On a shop's custom domain, the shop it serves: `path` is then / or /{shortCode}. */
  shopHost?: string,
): Promise<string> {
  const url = new URL(path, 'http://localhost');
  const page = publicPageOf(url.pathname, shopHost);
  // The gateway renders public pages only: anything else is a programming error.
  if (!page) throw new Error(`${path} is not a public page`);
  const Page = await PUBLIC_PAGES[page.kind]();
  const store = createAppStore();
  seedEmbeddedData(store.dispatch, data);
  const html = renderedForShopHost(shopHost, () =>
    renderToString(
      <App store={store}>
        <PublicRouter route={publicRoute(url, page.params, Page)} />
      </App>,
    ),
  );
  // The seeded entries wait five minutes for a component to use them: not on the server.
  store.dispatch(api.util.resetApiState());
  return html;
}
