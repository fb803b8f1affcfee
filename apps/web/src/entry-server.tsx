import type { EmbeddedPublicData } from '@kartlink/contracts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/App';
import { routes } from './app/routes';
import { createAppStore } from './app/store';
import { seedEmbeddedData } from './features/storefront/api/embedded-data';
import { api } from './lib/api';

/**
 * The web app on the server (`vite build --ssr`, loaded by the gateway's web/server-renderer.ts):
 * a public shop or product page rendered to HTML from the data the page embeds, by the same
 * components, router and store as in the browser, which then takes the HTML over (main.tsx).
 * The page paints with its shop, products and pictures before any JavaScript has run.
 */
const handler = createStaticHandler(routes);

/**
 * The HTML inside `<div id="root">` of the page at `path`, showing `data`.
 * @public the gateway calls it, from the build (apps/gateway/src/web/server-renderer.ts).
 */
export async function renderPublicPage(path: string, data: EmbeddedPublicData): Promise<string> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  // The public routes neither redirect nor load data on the server: this is a programming error.
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const store = createAppStore();
  seedEmbeddedData(store.dispatch, data);
  const html = renderToString(
    <App store={store}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        // The browser's router starts from the route table itself (main.tsx).
        hydrate={false}
      />
    </App>,
  );
  // The seeded entries wait five minutes for a component to use them: not on the server.
  store.dispatch(api.util.resetApiState());
  return html;
}
