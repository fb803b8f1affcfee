/**
 * Page views for the ad pixel (Meta) and the analytics tag (Google Analytics 4). Each is off
 * unless its id is configured: without an id no script is loaded and nothing is sent.
 */
interface TrackingConfig {
  metaPixelId?: string;
  gaMeasurementId?: string;
}

interface PageView {
  /** Path and query, e.g. "/privacy-policy". */
  path: string;
  /** Page name, e.g. "Privacy Policy". */
  title: string;
}

export interface Tracker {
  pageView(view: PageView): void;
}

type Command = (...args: unknown[]) => void;

interface MetaPixel extends Command {
  callMethod?: Command;
  queue: unknown[][];
  push: MetaPixel;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: MetaPixel;
    _fbq?: MetaPixel;
    dataLayer?: unknown[];
    gtag?: Command;
  }
}

export const META_PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
export const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js';

export function trackingConfigFrom(env: ImportMetaEnv): TrackingConfig {
  return {
    metaPixelId: env.VITE_META_PIXEL_ID || undefined,
    gaMeasurementId: env.VITE_GA_MEASUREMENT_ID || undefined,
  };
}

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

// Meta's official bootstrap, typed: calls queue up until fbevents.js takes over.
function installMetaPixel(pixelId: string): Command {
  if (!window.fbq) {
    const fbq = ((...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    }) as MetaPixel;
    Object.assign(fbq, { queue: [], push: fbq, loaded: true, version: '2.0' });
    window.fbq = fbq;
    window._fbq ??= fbq;
    loadScript(META_PIXEL_SCRIPT);
  }
  window.fbq('init', pixelId);
  return window.fbq;
}

// Google's official bootstrap: gtag.js reads real `arguments` objects from the data layer.
function installGtag(measurementId: string): Command {
  const dataLayer = (window.dataLayer ??= []);
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  loadScript(`${GTAG_SCRIPT}?id=${encodeURIComponent(measurementId)}`);
  window.gtag('js', new Date());
  // Page views are sent by hand on every route change, not by gtag on load.
  window.gtag('config', measurementId, { send_page_view: false });
  return window.gtag;
}

export function createTracker({ metaPixelId, gaMeasurementId }: TrackingConfig): Tracker {
  let fbq: Command | undefined;
  let gtag: Command | undefined;
  let started = false;

  return {
    pageView({ path, title }) {
      if (!started) {
        started = true;
        if (metaPixelId) fbq = installMetaPixel(metaPixelId);
        if (gaMeasurementId) gtag = installGtag(gaMeasurementId);
      }
      fbq?.('track', 'PageView');
      gtag?.('event', 'page_view', {
        page_path: path,
        page_title: title,
        page_location: window.location.href,
      });
    },
  };
}
