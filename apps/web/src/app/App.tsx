import { Provider } from 'react-redux';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppToaster } from './AppToaster';
import type { AppStore } from './store';

interface AppProps {
  store: AppStore;
  router: DataRouter;
}

/** The providers around the router: Redux store and toasts. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToaster />
    </Provider>
  );
}
