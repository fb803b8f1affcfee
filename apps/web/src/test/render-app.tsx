import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, parsePath } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { createAppStore } from '../app/store';
import type { SessionUser } from '../lib/auth-slice';

export const TEST_USER: SessionUser = {
  id: 'user-1',
  email: 'asha@example.com',
  displayName: 'Asha Rao',
};

interface RenderAppOptions {
  /** Renders as this signed-in user; signed out when absent. */
  user?: SessionUser;
  /** History state of the first entry. */
  state?: unknown;
}

/** The whole app (store, routes, toasts) in a memory router at `path`. */
export function renderApp(path: string, { user, state }: RenderAppOptions = {}) {
  const store = createAppStore(
    user ? { auth: { user, accessToken: 'test-access-token' } } : undefined,
  );
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const view = render(<App store={store} router={router} />);
  return { ...view, router, store, user: userEvent.setup() };
}
