import {
  type AnalyticsEventType,
  isUuid,
  type OpensIn,
  sourceOfReferrer,
  type TrackedEvent,
  USER_AGENT_MAX,
  VISIT_SOURCES,
  type VisitSource,
} from '@kartlink/contracts';

/** An event as stored in analytics.events. */
export interface EventRow {
  id: string;
  type: AnalyticsEventType;
  shopId: string;
  productId: string | null;
  occurredAt: string;
  device: string | null;
  browser: string | null;
  platform: string | null;
  region: string | null;
  referrer: string | null;
  visitor: string;
  bot: boolean;
  owner: boolean;
  prefetch: boolean;
  userAgent: string | null;
  source: VisitSource;
  opensIn: OpensIn | null;
}

const TYPES: readonly string[] = ['shop_view', 'click'] satisfies AnalyticsEventType[];

/**
 * Reads an event from the stream. Anything that is not an event the gateway could have
 * written answers undefined (it is acknowledged and dropped, never retried forever).
 *
 * Checked by hand, unlike the other stream events (contracts' readPayload): this one comes by
 * the thousand a second, and a class-validator pass costs about 67 µs an event, a quarter of
 * a core at the click benchmark's rate (its accepted clicks fell from 21 % to 16 % of a bare
 * server's).
 */
export function readEvent(json: string): TrackedEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const e = value as Partial<TrackedEvent>;
  if (!isUuid(e.id)) return undefined;
  if (typeof e.type !== 'string' || !TYPES.includes(e.type)) return undefined;
  if (typeof e.occurredAt !== 'string' || Number.isNaN(Date.parse(e.occurredAt))) return undefined;
  if (typeof e.visitor !== 'string' || e.visitor.length === 0) return undefined;
  if (e.type === 'shop_view' && typeof e.shopUrl !== 'string') return undefined;
  if (e.type === 'click' && !isUuid(e.productId)) return undefined;
  return e as TrackedEvent;
}

// Older names some browsers still report, under the name the rest use.
const ZONE_ALIASES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/Universal': 'UTC',
  GMT: 'UTC',
};

/** The region of a visitor: their time zone, under its current name. */
export function regionOf(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  return ZONE_ALIASES[timeZone] ?? timeZone;
}

const SOURCES: readonly string[] = VISIT_SOURCES;
const OPENS_IN: readonly string[] = ['app', 'web'] satisfies OpensIn[];

const cut = (value: string | null | undefined, max: number) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/**
 * The stored row of an event whose shop (and product) are known. An event of an older gateway
 * has no source: its referrer tells.
 */
export function toRow(
  event: TrackedEvent,
  target: { shopId: string; ownerUserId: string; productId: string | null },
): EventRow {
  return {
    id: event.id.toLowerCase(),
    type: event.type,
    shopId: target.shopId,
    productId: target.productId,
    occurredAt: new Date(event.occurredAt).toISOString(),
    device: cut(event.device, 32)?.toLowerCase() ?? null,
    browser: cut(event.browser, 40),
    platform: event.type === 'click' ? (cut(event.platform, 40)?.toLowerCase() ?? null) : null,
    region: cut(regionOf(event.timeZone), 64),
    referrer: cut(event.referrer, 255)?.toLowerCase() ?? null,
    visitor: event.visitor.slice(0, 64),
    bot: event.bot === true,
    owner: !!event.viewerUserId && event.viewerUserId === target.ownerUserId,
    prefetch: event.prefetch === true,
    userAgent:
      typeof event.userAgent === 'string' ? event.userAgent.slice(0, USER_AGENT_MAX) : null,
    source:
      typeof event.source === 'string' && SOURCES.includes(event.source)
        ? event.source
        : sourceOfReferrer(typeof event.referrer === 'string' ? event.referrer : null),
    opensIn:
      event.type === 'click' &&
      typeof event.opensIn === 'string' &&
      OPENS_IN.includes(event.opensIn)
        ? event.opensIn
        : null,
  };
}
