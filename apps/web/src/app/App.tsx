import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AppToaster } from './AppToaster';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  /** The router: the browser's (main.tsx), the server's (entry-server.tsx) or a test's. */
  children: ReactNode;
}

/** The providers around the router: Redux store and toasts. */
export function App({ store, children }: AppProps) {
  return (
    <Provider store={store}>
      {children}
      <AppToaster />
    </Provider>
  );
}
