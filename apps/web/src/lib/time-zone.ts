import { TIME_ZONE_HEADER } from '@kartlink/contracts';

/**
 * The browser's time zone, e.g. "Asia/Kolkata", or '' when the browser does not say: all the
 * tracking calls say about a visitor besides the page they came from (SPEC section 7), and
 * what names a signed-in device's place. Device and browser are the gateway's to read, from
 * the User-Agent header.
 */
export function timeZone(): string {
  try {
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
