import { API_ROOT } from '../../../lib/api';
import { browserOf, deviceOf, timeZone } from '../utils/visitor';

/**
 * The public tracking calls of SPEC section 7. They must never hold a visitor up: a beacon
 * (which also survives the page being left for a store) or else a keepalive fetch, nothing
 * awaited, every failure ignored. The analytics routes may not exist yet.
 */
function send(path: string, body: object): void {
  const url = `${API_ROOT}${path}`;
  const json = JSON.stringify(body);
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))
    )
      return;
  } catch {
    // Some browsers refuse a JSON beacon; the fetch below still goes out.
  }
  try {
    fetch(
      new Request(url, {
        method: 'POST',
        body: json,
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        keepalive: true,
      }),
    ).catch(() => undefined);
  } catch {
    // Ignored, as SPEC section 7 says.
  }
}

function visitor() {
  const userAgent = navigator.userAgent;
  return { device: deviceOf(userAgent), browser: browserOf(userAgent) };
}

/** POST /analytics/track-shop/{shopUrl} {device, browser}: someone opened a shop page. */
export function trackShopVisit(shopUrl: string): void {
  send(`/analytics/track-shop/${encodeURIComponent(shopUrl)}`, visitor());
}

/**
 * POST /analytics/track/{urlId} {device, browser, location, platform}: a visitor chose a store.
 * `location` is the time zone; `platform` the vendor, lower-cased.
 */
export function trackStoreChoice(productId: string, vendor: string): void {
  send(`/analytics/track/${encodeURIComponent(productId)}`, {
    ...visitor(),
    location: timeZone(),
    platform: vendor.toLowerCase(),
  });
}
