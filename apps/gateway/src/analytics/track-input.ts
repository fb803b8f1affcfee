import { type FieldError, TRACK_LIMITS } from '@kartlink/contracts';
import { JsonBodyMessages, MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-body';
import { InputMessages } from '../http/validation';

/** What a tracking call says about the visitor, checked and normalised. */
export interface TrackInput {
  device: string | null;
  browser: string | null;
  timeZone: string | null;
  platform: string | null;
  referrer: string | null;
}

type Field = keyof typeof TRACK_LIMITS;
const FIELDS: readonly Field[] = ['device', 'browser', 'location', 'platform', 'referrer'];
// Control characters (U+0000 to U+001F and U+007F) never belong in these fields.
const hasControl = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

export const TrackMessages = {
  body: 'The body must be a JSON object.',
  text: (field: string) => `${field} must be text.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  characters: InputMessages.characters,
  timeZone: 'location must be a time zone such as Asia/Kolkata.',
  urlId: 'This link id is not valid.',
} as const;

/**
 * Reads a tracking body: every field optional, each a short text; unknown fields are ignored
 * (an older or newer web client still counts). A beacon sent as text/plain is read as JSON.
 */
export function readTrackBody(
  body: unknown,
): { input: TrackInput; errors?: undefined } | { errors: FieldError[] } {
  let value = body;
  if (typeof value === 'string') {
    if (nestsDeeperThan(value, MAX_JSON_DEPTH))
      return { errors: [{ path: 'body', msg: JsonBodyMessages.tooDeep }] };
    try {
      value = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      return { errors: [{ path: 'body', msg: TrackMessages.body }] };
    }
  }
  if (value === undefined || value === null) value = {};
  if (typeof value !== 'object' || Array.isArray(value))
    return { errors: [{ path: 'body', msg: TrackMessages.body }] };

  const raw = value as Record<string, unknown>;
  const errors: FieldError[] = [];
  const text: Partial<Record<Field, string | null>> = {};
  for (const field of FIELDS) {
    const v = raw[field];
    if (v === undefined || v === null) {
      text[field] = null;
      continue;
    }
    if (typeof v !== 'string') {
      errors.push({ path: field, msg: TrackMessages.text(field) });
      continue;
    }
    if (v.length > TRACK_LIMITS[field]) {
      errors.push({ path: field, msg: TrackMessages.tooLong(field, TRACK_LIMITS[field]) });
      continue;
    }
    if (hasControl(v)) {
      errors.push({ path: field, msg: TrackMessages.characters(field) });
      continue;
    }
    text[field] = v.trim() || null;
  }
  if (text.location && !TIME_ZONE.test(text.location))
    errors.push({ path: 'location', msg: TrackMessages.timeZone });
  if (errors.length > 0) return { errors };
  return {
    input: {
      device: text.device?.toLowerCase() ?? null,
      browser: text.browser ?? null,
      timeZone: text.location ?? null,
      platform: text.platform?.toLowerCase() ?? null,
      referrer: text.referrer ?? null,
    },
  };
}

/**
 * The host a visitor came from: the page's document.referrer when the client sent it, else the
 * Referer header. Our own pages (and anything unreadable) give null: a direct visit.
 */
export function referrerHost(
  fromBody: string | null,
  refererHeader: string | undefined,
  ownHosts: ReadonlySet<string>,
): string | null {
  const candidate = fromBody ?? refererHeader;
  if (!candidate) return null;
  let host: string;
  try {
    host = new URL(candidate).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  if (!host || host.length > 255 || ownHosts.has(host)) return null;
  return host;
}

/** The host of an address, as referrerHost compares it. */
export function hostOf(address: string): string | undefined {
  try {
    return new URL(address.includes('://') ? address : `http://${address}`).hostname
      .toLowerCase()
      .replace(/^www\./, '');
  } catch {
    return undefined;
  }
}
