import { API_ROOT } from '../../../lib/api';
import { timeZone } from '../../../lib/time-zone';

/**
 * The public tracking call of SPEC section 7 that the page makes: a shop or product page was
 * shown. It must never hold a visitor up: a beacon or else a keepalive fetch, nothing awaited,
 * every failure ignored. A store choice is not reported from here: the store sheet's links go
 * through the tracked redirect (`/{shopUrl}/{shortCode}/go/{store}`), which counts it.
 *
 * A signed-in visitor's call carries their access token, so that an owner's visits to their
 * own shop are left out of its figures. A beacon cannot carry a header: theirs goes as a
 * keepalive fetch, which outlives the page just as well.
 */
function send(path: string, body: object, accessToken?: string | null): void {
  const url = `${API_ROOT}${path}`;
  const json = JSON.stringify(body);
  if (!accessToken) {
    try {
      if (
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))
      )
        return;
    } catch {
      // Some browsers refuse a JSON beacon; the fetch below still goes out.
    }
  }
  try {
    fetch(
      new Request(url, {
        method: 'POST',
        body: json,
        headers: {
          'content-type': 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        credentials: 'include',
        keepalive: true,
      }),
    ).catch(() => undefined);
  } catch {
    // Ignored, as SPEC section 7 says.
  }
}

/** The page the visitor came from, unless it is this site itself (or there is none). */
function referrer(): { referrer?: string } {
  const from = document.referrer;
  if (!from) return {};
  try {
    return new URL(from).origin === window.location.origin ? {} : { referrer: from };
  } catch {
    return {};
  }
}

/**
 * POST /analytics/track-shop/{shopUrl} {location, referrer}: someone opened a
 * shop page. `location` is the time zone (the region of the owner's figures).
 */
export function trackShopVisit(shopUrl: string, accessToken?: string | null): void {
  send(
    `/analytics/track-shop/${encodeURIComponent(shopUrl)}`,
    { location: timeZone(), ...referrer() },
    accessToken,
  );
}
