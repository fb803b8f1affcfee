import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { createAppStore, type AppStore } from '../app/store';
import type { AuthState, SessionUser } from '../lib/auth-slice';

export const TEST_USER: SessionUser = {
  id: 'user-1',
  email: 'asha@example.com',
  displayName: 'Asha Rao',
  phoneNumber: null,
  photoURL: null,
  role: 'user',
  plan: 'free',
  signInMethods: ['password'],
  createdAt: '2026-01-05T10:00:00.000Z',
};

export const TEST_ACCESS_TOKEN = 'test-access-token';

interface RenderAppOptions {
  /** Renders as this signed-in user; signed out when absent. */
  user?: SessionUser;
  /** History state of the first entry. */
  state?: unknown;
  /** Seconds the signed-in user's access token has left; an hour by default. */
  tokenSecondsLeft?: number;
  /** What main.tsx does with the store before the first render. */
  beforeRender?: (store: AppStore) => void;
}

/** The whole app (store, routes, toasts) in a memory router at `path`. */
export function renderApp(
  path: string,
  { user, state, tokenSecondsLeft = 3600, beforeRender }: RenderAppOptions = {},
) {
  const store = createTestStore(
    user
      ? {
          status: 'signedIn',
          user,
          accessToken: TEST_ACCESS_TOKEN,
          expiresAt: Date.now() + tokenSecondsLeft * 1000,
        }
      : undefined,
  );
  beforeRender?.(store);
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const view = render(
    <App store={store}>
      <RouterProvider router={router} />
    </App>,
  );
  return { ...view, router, store, user: userEvent.setup() };
}

/** The app's store with this session; signed out (a new page load) when absent. */
export function createTestStore(auth?: AuthState) {
  return createAppStore(auth ? { auth } : undefined);
}
