/**
 * Signed-in devices, as the account page lists them: one per session, labelled from the
 * browser's user agent (read by the gateway) and its time zone (sent by the web app).
 */

/** GET /api/auth/sessions: one signed-in device. */
export interface DeviceSession {
  id: string;
  /** Browser and platform, e.g. "Chrome on Android", "Instagram app on iPhone". */
  device: string;
  /** The city of the browser's time zone, e.g. "Kolkata" for Asia/Kolkata; null when unknown. */
  place: string | null;
  /** The browser's IANA time zone, e.g. "Asia/Kolkata"; null when it did not say. */
  timeZone: string | null;
  createdAt: string;
  /** The last refresh of its access token (the web app refreshes hourly while it is open). */
  lastUsedAt: string;
  /** The device that asks. */
  current: boolean;
}

/** POST /api/auth/sessions/end-others: how many other devices were signed out. */
export interface OtherSessionsEnded {
  ended: number;
}

/** The label of a session whose user agent said nothing we can read. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** The request header the web app names its time zone in, on sign-in and refresh. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** The longest time zone name kept (the IANA names are at most 32 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;

// Cities renamed since their zone was named: browsers still say the old name (Chrome says
// Asia/Calcutta), people know the new one.
const RENAMED: Record<string, string> = {
  Calcutta: 'Kolkata',
  Saigon: 'Ho Chi Minh',
  Katmandu: 'Kathmandu',
  Rangoon: 'Yangon',
  Kiev: 'Kyiv',
};

/**
 * The approximate place of an IANA time zone: its city, e.g. "Asia/Kolkata" → "Kolkata",
 * "America/Argentina/Buenos_Aires" → "Buenos Aires", "Asia/Calcutta" → "Kolkata". Zones that name no place (UTC, Etc/GMT+5)
 * → null.
 */
export function placeOfTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone || timeZone.length > MAX_TIME_ZONE_LENGTH) return null;
  const parts = timeZone.split('/');
  if (parts.length < 2 || parts[0] === 'Etc') return null;
  const city = parts.at(-1)!.replace(/_/g, ' ').trim();
  if (!/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(city)) return null;
  return RENAMED[city] ?? city;
}

/** How a mail names the device a request came from: "Chrome on Android, Kolkata time". */
export function describeDevice(
  device: string | null | undefined,
  timeZone?: string | null,
): string {
  const place = placeOfTimeZone(timeZone);
  const label = device || UNKNOWN_DEVICE;
  return place ? `${label}, ${place} time` : label;
}
