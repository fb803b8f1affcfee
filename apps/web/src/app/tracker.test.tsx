import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const thirdPartyScripts = () =>
  Array.from(document.querySelectorAll('script[src]'), (script) => script.getAttribute('src'));

/** A fresh copy of the app, so that its tracker reads the environment stubbed by the test. */
async function renderFreshApp(path: string) {
  vi.resetModules();
  const { renderApp } = await import('../test/render-app');
  const { screen } = await import('@testing-library/react');
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...app, screen };
}

afterEach(() => {
  document.querySelectorAll('script').forEach((script) => script.remove());
  delete window.fbq;
  delete window._fbq;
  delete window.dataLayer;
  delete window.gtag;
});

describe('third-party tracking in the app', () => {
  it('is off by default: no script is loaded and nothing is sent', async () => {
    const { router, unmount } = await renderFreshApp('/');
    await act(() => router.navigate('/privacy-policy'));

    expect(thirdPartyScripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    unmount();
  });

  it('sends a page view to the pixel and the analytics tag on every route change when configured', async () => {
    vi.stubEnv('VITE_META_PIXEL_ID', '1234567890');
    vi.stubEnv('VITE_GA_MEASUREMENT_ID', 'G-KARTLINK');
    const { router, screen, unmount } = await renderFreshApp('/');
    await act(() => router.navigate('/terms-of-service'));
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    expect(thirdPartyScripts()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://www.googletagmanager.com/gtag/js?id=G-KARTLINK',
    ]);
    expect(window.fbq?.queue.filter(([command]) => command === 'track')).toEqual([
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);
    const pageViews = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter(([command, name]) => command === 'event' && name === 'page_view')
      .map(([, , params]) => (params as { page_path: string }).page_path);
    expect(pageViews).toEqual(['/', '/terms-of-service']);
    unmount();
  });
});
