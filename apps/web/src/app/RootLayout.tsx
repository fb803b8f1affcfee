import { Outlet, ScrollRestoration } from 'react-router';
import { RenderErrorBoundary } from '../components/errors/RenderErrorBoundary';
import { SiteFooter } from '../components/layout/SiteFooter';
import { SiteHeader } from '../components/layout/SiteHeader';
import { ThemeProvider } from '../components/theme/ThemeProvider';
import { usePageView } from '../hooks/use-page-view';
import { NavigationProgress } from './NavigationProgress';
import { useRouteFlag } from './route-handle';
import { tracker } from './tracker';

/**
 * The frame of every page: theme, header and footer where they belong, error boundary. The
 * session is SessionLayout's, below it: the public pages do without.
 */
export function RootLayout() {
  const siteChrome = useRouteFlag('siteChrome');
  const lightOnly = useRouteFlag('lightOnly');
  usePageView(tracker);

  return (
    <ThemeProvider locked={lightOnly}>
      <NavigationProgress />
      {siteChrome && <SiteHeader />}
      <main id="main-content" className="app-main" tabIndex={-1}>
        <RenderErrorBoundary>
          <Outlet />
        </RenderErrorBoundary>
      </main>
      {siteChrome && <SiteFooter />}
      <ScrollRestoration />
    </ThemeProvider>
  );
}
