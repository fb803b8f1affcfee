import { afterEach, describe, expect, it } from 'vitest';
import { createTracker, GTAG_SCRIPT, META_PIXEL_SCRIPT, trackingConfigFrom } from './tracking';

const scriptSources = () =>
  Array.from(document.querySelectorAll('script'), (script) => script.getAttribute('src'));

const asArrays = (entries: unknown[] | undefined) =>
  (entries ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

afterEach(() => {
  document.querySelectorAll('script').forEach((script) => script.remove());
  delete window.fbq;
  delete window._fbq;
  delete window.dataLayer;
  delete window.gtag;
});

describe('tracking', () => {
  it('is off when no ids are configured: no script, no globals, nothing queued', () => {
    const config = trackingConfigFrom({
      BASE_URL: '/',
      MODE: 'production',
      DEV: false,
      PROD: true,
      SSR: false,
    });
    expect(config).toEqual({ metaPixelId: undefined, gaMeasurementId: undefined });

    const tracker = createTracker(config);
    tracker.pageView({ path: '/', title: 'Home' });
    tracker.pageView({ path: '/auth', title: 'Auth' });

    expect(scriptSources()).toEqual([]);
    expect(window.fbq).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it('treats empty ids as not configured', () => {
    const config = trackingConfigFrom({
      BASE_URL: '/',
      MODE: 'production',
      DEV: false,
      PROD: true,
      SSR: false,
      VITE_META_PIXEL_ID: '',
      VITE_GA_MEASUREMENT_ID: '',
    });
    expect(config).toEqual({ metaPixelId: undefined, gaMeasurementId: undefined });
  });

  it('loads the Meta pixel once and sends a PageView per page', () => {
    const tracker = createTracker({ metaPixelId: '1234567890' });
    tracker.pageView({ path: '/', title: 'Home' });
    tracker.pageView({ path: '/privacy-policy', title: 'Privacy Policy' });

    expect(scriptSources()).toEqual([META_PIXEL_SCRIPT]);
    expect(window.fbq?.queue).toEqual([
      ['init', '1234567890'],
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);
    expect(window.gtag).toBeUndefined();
  });

  it('loads the analytics tag once and sends a page_view per page', () => {
    const tracker = createTracker({ gaMeasurementId: 'G-TEST123' });
    tracker.pageView({ path: '/', title: 'Home' });
    tracker.pageView({ path: '/terms-of-service?ref=x', title: 'Terms Of Service' });

    expect(scriptSources()).toEqual([`${GTAG_SCRIPT}?id=G-TEST123`]);
    const commands = asArrays(window.dataLayer);
    expect(commands[0]?.[0]).toBe('js');
    expect(commands[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
    expect(commands.slice(2)).toEqual([
      ['event', 'page_view', expect.objectContaining({ page_path: '/', page_title: 'Home' })],
      [
        'event',
        'page_view',
        expect.objectContaining({
          page_path: '/terms-of-service?ref=x',
          page_title: 'Terms Of Service',
        }),
      ],
    ]);
    expect(window.fbq).toBeUndefined();
  });
});
