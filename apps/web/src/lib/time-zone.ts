import { TIME_ZONE_HEADER } from '@kartlink/contracts';

/** Temporal, where the browser has it (Chrome 144 and later): its clock knows the time zone. */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The browser's time zone, e.g. "Asia/Kolkata", or '' when the browser does not say: all the
 * tracking calls say about a visitor besides the page they came from (SPEC section 7), and
 * what names a signed-in device's place. Device and browser are the gateway's to read, from
 * the User-Agent header. Temporal answers at once; Intl.DateTimeFormat, the way every browser
 * has, costs a mid-range phone some 60 ms the first time a page asks (measured with Chromium's
 * CPU slowed four times, as Lighthouse does).
 */
export function timeZone(): string {
  try {
    const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
    if (temporal) return temporal.Now.timeZoneId();
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * The header of the sign-in, refresh and password reset calls that names the time zone: the
 * signed-in devices list and the mails show its city as the device's place.
 */
export function timeZoneHeaders(): Record<string, string> {
  const zone = timeZone();
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}
