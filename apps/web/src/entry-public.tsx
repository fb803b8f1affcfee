import { setupListeners } from '@reduxjs/toolkit/query';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppStore } from './app/store';
import { embeddedDataOf, seedEmbeddedData } from './features/storefront/api/embedded-data';
import { PUBLIC_PAGES, publicPageOf, publicRoute } from './public/public-page';
import { PublicRouter } from './public/router';
import { pageTakenOver } from './hooks/use-hydrated';
import { beginTakeOver, takeOverInTurns } from './components/TakeOverInTurn';
import { nextTask } from './lib/scheduling';
import { shopHost } from './lib/shop-host';
import './styles/global.css';
import './styles/page.css';

/**
 * The code of a public page the server rendered (entry-server.tsx), built on its own (vite.config.ts,
 * `--mode public`): the same components and store as the app, on Preact and the public router
 * (public/router.tsx), so a visitor's phone loads a third of the app's code. It takes the
 * page's HTML over in place; the page's links are followed by the browser to the next page,
 * which comes rendered too. A page the server could not render loads the whole app instead.
 */
async function start(root: HTMLElement) {
  const page = publicPageOf(window.location.pathname, shopHost());
  if (!page) throw new Error(`${window.location.pathname} is not a public page`);
  const pageCode = PUBLIC_PAGES[page.kind]();
  // A phone takes a while over each of these steps: each gets a task of its own, so that none
  // holds the page (painted already, its links working) long enough to miss a tap.
  await nextTask();
  const store = createAppStore();
  // Lets RTK Query refetch when the connection comes back (SPEC section 9).
  setupListeners(store.dispatch);
  // The page's HTML carries its data: the first render needs no API call.
  seedEmbeddedData(store.dispatch, embeddedDataOf(document));
  const Page = await pageCode;
  await nextTask();
  // The long parts of a page (a shop's product cards) are taken over after the rest, in turns.
  beginTakeOver();
  hydrateRoot(
    root,
    <App store={store}>
      <PublicRouter route={publicRoute(window.location, page.params, Page)} />
    </App>,
  );
  await takeOverInTurns();
  pageTakenOver();
  // Says the page is the browser's to whoever waits for it (the browser tests).
  root.dataset.takenOver = '';
}

const root = document.getElementById('root');
if (!root) throw new Error('The page must contain <div id="root">');
void start(root);
