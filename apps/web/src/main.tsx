import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './app/App';
import { customHostRoutes, routes } from './app/routes';
import { createAppStore } from './app/store';
import { pageTakenOver } from './hooks/use-hydrated';
import { embeddedDataOf, seedEmbeddedData } from './features/storefront/api/embedded-data';
import { shopHost } from './lib/shop-host';
import './styles/global.css';
import './styles/page.css';

function start(root: HTMLElement) {
  const store = createAppStore();
  // Lets RTK Query refetch when the connection comes back (SPEC section 9).
  setupListeners(store.dispatch);
  // A public page's HTML carries its data: its first paint needs no API call.
  seedEmbeddedData(store.dispatch, embeddedDataOf(document));
  // (A public page the server rendered runs entry-public.tsx instead: this one it left empty.)
  pageTakenOver();
  // On a shop's custom domain, that shop's pages only (none on a host that serves nothing).
  const host = shopHost();
  createRoot(root).render(
    <StrictMode>
      <App store={store}>
        <RouterProvider
          router={createBrowserRouter(host === undefined ? routes : customHostRoutes(host))}
        />
      </App>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
start(root);
