import { type FieldError, type OpensIn, TRACK_LIMITS } from '@kartlink/contracts';
import type { preValidationHookHandler } from 'fastify';
import { JsonBodyMessages, MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-body';
import { ajv, fieldErrors, shortText } from '../http/route-schema';
import { ServiceError } from '@kartlink/server-kit';

/** What a tracking call says about the visitor, checked and normalised. */
export interface TrackInput {
  device: string | null;
  browser: string | null;
  timeZone: string | null;
  platform: string | null;
  referrer: string | null;
  /**
   * Clicks: whether the store's app or its website is being opened. The tracked redirect says
   * so; the beacon's clicks are 'web'. Absent or null: not known.
   */
  opensIn?: OpensIn | null;
  /** Visits: the short code of the product page shown, if it was one. */
  page?: string | null;
}

type Field = keyof typeof TRACK_LIMITS;

/** Short codes are plain letters, digits and dashes: anything else is not a product page. */
const SHORT_CODE = /^[a-z0-9-]{1,40}$/;
/** A tracking body once its schema accepted it. */
export type TrackBody = Partial<Record<Field, string | null>>;

/**
 * A tracking body: every field optional, each a short text; unknown fields are ignored (an
 * older or newer web client still counts). Each field is checked as text first, so a field
 * gets one message, and whether the location reads as a time zone last.
 */
export const TRACK_BODY = {
  type: 'object',
  allOf: [
    {
      properties: {
        device: shortText(
          'ignored: the device is read from the User-Agent header',
          TRACK_LIMITS.device,
        ),
        browser: shortText(
          'ignored: the browser is read from the User-Agent header',
          TRACK_LIMITS.browser,
        ),
        location: shortText(
          'the visitor’s IANA time zone, e.g. Asia/Kolkata',
          TRACK_LIMITS.location,
        ),
        platform: shortText(
          'clicks: the store, lower-case vendor, e.g. amazon (a visit ignores it)',
          TRACK_LIMITS.platform,
        ),
        referrer: shortText(
          'document.referrer of the page; only its host is kept',
          TRACK_LIMITS.referrer,
        ),
        page: shortText(
          'visits: the short code of the product page shown (a click ignores it)',
          TRACK_LIMITS.page,
        ),
      },
    },
    { properties: { location: { type: 'string', nullable: true, format: 'time-zone' } } },
  ],
} as const;

/**
 * The body as the schema sees it. A beacon sent as text/plain is read as JSON (one that does
 * not parse stays text, which the schema refuses); no body, an empty one or null is {}.
 */
function beaconBody(body: unknown): { value: unknown } | { errors: FieldError[] } {
  if (body === undefined || body === null) return { value: {} };
  if (typeof body !== 'string') return { value: body };
  if (body.trim() === '') return { value: {} };
  if (nestsDeeperThan(body, MAX_JSON_DEPTH))
    return { errors: [{ path: 'body', msg: JsonBodyMessages.tooDeep }] };
  try {
    return { value: JSON.parse(body) ?? {} };
  } catch {
    return { value: body };
  }
}

/** The tracking routes' preValidation step: what beaconBody reads becomes the body checked. */
export const readBeacon: preValidationHookHandler = (request, _reply, done) => {
  const read = beaconBody(request.body);
  if ('errors' in read) return done(ServiceError.validation(read.errors));
  request.body = read.value;
  done();
};

/** Trimmed, blank as null; the device and the store lower-cased. Written out: it runs per click. */
export function toTrackInput(body: TrackBody): TrackInput {
  const device = body.device?.trim();
  const platform = body.platform?.trim();
  const page = body.page?.trim().toLowerCase();
  return {
    device: device ? device.toLowerCase() : null,
    browser: body.browser?.trim() || null,
    timeZone: body.location?.trim() || null,
    platform: platform ? platform.toLowerCase() : null,
    referrer: body.referrer?.trim() || null,
    // Anything but a short code names no product page: the visit is the shop's only.
    page: page && SHORT_CODE.test(page) ? page : null,
  };
}

/**
 * The steps a tracking route takes before its handler (readBeacon, Fastify's check against
 * TRACK_BODY with the same Ajv, toTrackInput) in one call, for reading a body outside Fastify.
 */
export function readTrackBody(
  body: unknown,
): { input: TrackInput; errors?: undefined } | { errors: FieldError[] } {
  const read = beaconBody(body);
  if ('errors' in read) return read;
  // Ajv keeps one validator per schema object: this is the function Fastify calls.
  const validate = ajv.compile<TrackBody>(TRACK_BODY);
  if (!validate(read.value)) return { errors: fieldErrors(validate.errors ?? [], 'body') };
  return { input: toTrackInput(read.value) };
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

/**
 * The product page a visit of a shop was on when the body does not say: the Referer header of
 * one of our own pages `/{shopUrl}/{shortCode}` (a beacon from the same origin sends the whole
 * address). Undefined for the shop page and for anything else.
 */
export function pageFromReferer(
  refererHeader: string | undefined,
  shopUrl: string,
  ownHosts: ReadonlySet<string>,
): string | undefined {
  if (!refererHeader) return undefined;
  let url: URL;
  try {
    url = new URL(refererHeader);
  } catch {
    return undefined;
  }
  if (!ownHosts.has(url.hostname.toLowerCase().replace(/^www\./, ''))) return undefined;
  const [shop, code, ...rest] = url.pathname.toLowerCase().split('/').filter(Boolean);
  if (rest.length > 0 || !code || shop !== shopUrl) return undefined;
  return SHORT_CODE.test(code) ? code : undefined;
}

/**
 * The `utm_source` (or `ref`) of the page a request came from, when it is one of our own pages
 * (a shared link's own word on where it was posted, e.g. `?utm_source=whatsapp`).
 */
export function campaignOfReferer(
  refererHeader: string | undefined,
  ownHosts: ReadonlySet<string>,
): string | undefined {
  if (!refererHeader) return undefined;
  let url: URL;
  try {
    url = new URL(refererHeader);
  } catch {
    return undefined;
  }
  if (!ownHosts.has(url.hostname.toLowerCase().replace(/^www\./, ''))) return undefined;
  return url.searchParams.get('utm_source') ?? url.searchParams.get('ref') ?? undefined;
}
