/**
 * Visits and clicks (SPEC section 7 "Public tracking") and what the owner reads of them.
 * Days are calendar days in the reporting time zone (ANALYTICS_TIMEZONE, Asia/Kolkata by
 * default); dates are written YYYY-MM-DD.
 *
 * Figures count people, not machines: events from bots and link-preview fetchers (found by
 * user agent, and HEAD requests for a shop's pages), prefetches and previews (a request carrying
 * `Purpose: prefetch`, `Sec-Purpose: prefetch` or `X-Purpose: preview`) and the owner's own
 * visits while signed in are kept apart in `excluded` and left out of every other figure.
 *
 * A click is a visitor's tap on a store of a product. Taps on the same store of the same product
 * by the same visitor within CLICK_REPEAT_WINDOW_MINUTES of a counted click are one click; every
 * tap is still kept (`taps`).
 */
import type { VisitSource } from './visit-source';

/** Repeated taps within this many minutes of a counted click are the same click. */
export const CLICK_REPEAT_WINDOW_MINUTES = 30;

/** Where a store click sent the visitor: the store's app (an Android intent) or its website. */
export type OpensIn = 'app' | 'web';

/** The longest user agent kept with an event (longer ones are cut). */
export const USER_AGENT_MAX = 512;

/** The 202 answer of both tracking calls. */
export interface TrackAccepted {
  eventId: string;
}

/** Longest accepted values of the tracking bodies (longer ones are refused with a 400). */
export const TRACK_LIMITS = {
  device: 32,
  browser: 40,
  location: 64,
  platform: 40,
  referrer: 2048,
  page: 40,
} as const;

/** Keys used in breakdowns when a visitor did not say. */
export const UNKNOWN_KEY = 'unknown';
/** The referrer key of visits that came from no other site (typed, bookmarked, in-app). */
export const DIRECT_REFERRER = 'direct';

export type AnalyticsEventType = 'shop_view' | 'click';

/**
 * One recorded visit or click as the gateway publishes it on the ANALYTICS stream (subjects
 * Events.analyticsShopView and Events.analyticsClick). `id` is unique: it is the JetStream
 * message id and the stored row's primary key, so a replayed event is counted once.
 */
export interface TrackedEvent {
  id: string;
  type: AnalyticsEventType;
  /** ISO 8601 instant the gateway received it. */
  occurredAt: string;
  /** shop_view: the shop's URL, lower-cased. */
  shopUrl?: string;
  /** click: the product's id. */
  productId?: string;
  device: string | null;
  browser: string | null;
  /** IANA time zone, from the body's `location`. */
  timeZone: string | null;
  /** click: lower-case vendor. */
  platform: string | null;
  /** Host of the page the visitor came from, without www; null when direct or our own site. */
  referrer: string | null;
  /** sha256 of (a random salt of the day, client address, user agent): no raw address is kept. */
  visitor: string;
  /** A bot, link-preview fetcher (by user agent) or HEAD request. */
  bot: boolean;
  /**
   * A prefetch or preview (Purpose, Sec-Purpose or X-Purpose header): kept, never counted.
   * Absent from older gateways: false.
   */
  prefetch?: boolean;
  /** The User-Agent header, cut to USER_AGENT_MAX; "" when there was none. */
  userAgent?: string;
  /** The in-app browser or referring app (absent from older gateways: read from the referrer). */
  source?: VisitSource;
  /** click: whether the store's app or its website was opened; null when not known. */
  opensIn?: OpensIn | null;
  /** shop_view of a product page: the product's short code. */
  page?: string | null;
  /** The signed-in viewer, when the request carried a valid access token. */
  viewerUserId?: string;
}

/** Events.productClicks: a product's clicks so far (people only), absolute, so replays are harmless. */
export interface ProductClicksChanged {
  productId: string;
  clicks: number;
}

/** The JetStream stream of analytics events for a subject prefix: "test.ab12." gives "test_ab12_ANALYTICS". */
export function analyticsStreamName(prefix: string): string {
  return `${prefix.replace(/\W/g, '_')}ANALYTICS`;
}

/** Subjects.shop.analyticsResolve: which shops and products these are (for analytics-service). */
export interface AnalyticsResolveRequest {
  shopUrls?: string[];
  productIds?: string[];
  ownerUserIds?: string[];
}
export interface ShopRef {
  shopId: string;
  shopUrl: string;
  ownerUserId: string;
}
export interface ProductRef {
  productId: string;
  shopId: string;
  ownerUserId: string;
  title: string;
  shortCode: string;
}
/** Only what exists is answered; a shop without a URL yet is left out. */
export interface AnalyticsResolveAnswer {
  shops: ShopRef[];
  products: ProductRef[];
}

/** Query of every owner read: an inclusive date range, at most 366 days. */
export interface AnalyticsRangeQuery {
  /** YYYY-MM-DD; default: 29 days before `to`. */
  from?: string;
  /** YYYY-MM-DD; default: today. */
  to?: string;
}

export interface AnalyticsTotals {
  /** Page views: the shop page and its product pages (each sends track-shop). */
  views: number;
  /**
   * Distinct visitors per day who viewed at least one page (a click alone makes none), summed
   * over the days of the range: never more than `views`.
   */
  uniqueVisitors: number;
  /** Store clicks (repeated taps on a store within 30 minutes counted once). */
  clicks: number;
  /** Every tap on a store, repeats included: never fewer than `clicks`. */
  taps: number;
  /**
   * clicks / views, rounded to 4 decimals; 0 when there were no views. It can pass 1 when one
   * view leads to several store clicks.
   */
  clickThroughRate: number;
  /** Views of the product pages alone (the shop page left out). */
  productViews: number;
  /** clicks / productViews: from a product's page to a store, 4 decimals; 0 without views. */
  productClickThroughRate: number;
}

interface DailyPoint {
  date: string;
  views: number;
  uniqueVisitors: number;
  clicks: number;
}

/**
 * One slice of a breakdown: key is the store (lower-case vendor), device (mobile, tablet,
 * desktop), browser, region (the visitor's IANA time zone), referrer (a host, or "direct"),
 * source (one of VISIT_SOURCES) or opens-in ("app", "web"); "unknown" when it is not known.
 * Sorted by views + clicks, most first.
 */
export interface Breakdown {
  key: string;
  views: number;
  clicks: number;
}

export interface TopProduct {
  productId: string;
  title: string;
  shortCode: string;
  /** Views of the product's page. */
  views: number;
  clicks: number;
  /** clicks / views of the product's page, as in AnalyticsTotals. */
  clickThroughRate: number;
}

/** GET /api/analytics/overview?from&to: the owner's shop. */
export interface AnalyticsOverview {
  range: { from: string; to: string; timeZone: string };
  totals: AnalyticsTotals;
  /** The same figures for the range of equal length just before. */
  previous: AnalyticsTotals;
  /** One point per day of the range, days without events included as zeros. */
  daily: DailyPoint[];
  byStore: Breakdown[];
  byDevice: Breakdown[];
  byBrowser: Breakdown[];
  byRegion: Breakdown[];
  byReferrer: Breakdown[];
  /** Views and clicks by source: keys are VISIT_SOURCES. */
  bySource: Breakdown[];
  /** Clicks by what opened: "app" (the store's app), "web" (its website) or "unknown". */
  byOpensIn: Breakdown[];
  /**
   * At most 10 products with clicks or page views in the range, most clicked first, then most
   * viewed (deleted ones left out).
   */
  topProducts: TopProduct[];
  /** Visits and clicks by bots, link previews and the owner, left out of every figure above. */
  excluded: { bots: number; owner: number };
}

/** GET /api/analytics/products/{id}?from&to: one of the owner's products. */
export interface ProductAnalytics {
  range: { from: string; to: string; timeZone: string };
  product: { id: string; title: string; shortCode: string };
  /** Views of the product's page. */
  views: number;
  clicks: number;
  taps: number;
  /** clicks / views, as in AnalyticsTotals. */
  clickThroughRate: number;
  /** One point per day of the range, zeros included. */
  daily: { date: string; views: number; clicks: number }[];
  byStore: Breakdown[];
  byDevice: Breakdown[];
  byRegion: Breakdown[];
  byBrowser: Breakdown[];
  byReferrer: Breakdown[];
  bySource: Breakdown[];
  byOpensIn: Breakdown[];
}

/**
 * GET /api/analytics/products?from&to: every product of the owner with page views or clicks in
 * the range, most clicked first.
 */
export interface ProductClicks {
  productId: string;
  clicks: number;
  views: number;
  taps: number;
  clickThroughRate: number;
  /** Clicks that opened the store's app, and its website. */
  appOpens: number;
  webOpens: number;
}

/** The longest range one read may ask for. */
const ANALYTICS_MAX_RANGE_DAYS = 366;
/** The range read when the query names none: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
/** The columns both analytics CSVs end with: the click rate, taps, app or website, sources. */
const CLICK_FIGURE_COLUMNS = [
  'click_through_rate',
  'taps',
  'app_opens',
  'web_opens',
  'clicks_from_instagram',
  'clicks_from_whatsapp',
  'clicks_from_facebook',
  'clicks_from_youtube',
  'clicks_from_x',
  'clicks_from_telegram',
  'clicks_from_direct',
  'clicks_from_other',
] as const;

/**
 * GET /api/analytics/export.csv?from&to answers text/csv with these columns, one row a day of
 * the range (zeros included), oldest first; click_through_rate has 4 decimals. Then one column
 * per store clicked in the range, `clicks_on_{vendor}`, in alphabetical order.
 */
export const ANALYTICS_CSV_COLUMNS = [
  'date',
  'views',
  'unique_visitors',
  'clicks',
  ...CLICK_FIGURE_COLUMNS,
] as const;

/**
 * GET /api/analytics/products.csv?from&to answers text/csv with these columns, one row a
 * product with page views or clicks in the range, most clicked first; then one column per store
 * clicked in the range, `clicks_on_{vendor}`, in alphabetical order.
 */
export const ANALYTICS_PRODUCTS_CSV_COLUMNS = [
  'product',
  'short_code',
  'views',
  'clicks',
  ...CLICK_FIGURE_COLUMNS,
] as const;

export const AnalyticsMessages = {
  dateFormat: 'Dates must be written YYYY-MM-DD.',
  dateInvalid: 'This date does not exist.',
  rangeOrder: 'The start date must be on or before the end date.',
  rangeTooLong: `A range can span at most ${ANALYTICS_MAX_RANGE_DAYS} days.`,
  setupRequired: 'Set up your shop first: its analytics start with its first visit.',
  productNotFound: 'This product link does not exist or has been removed.',
  unavailable: 'Visits cannot be recorded right now. Please try again later.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date, or undefined when it is not a real date. */
export function dayNumber(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return undefined;
  return time / 86_400_000;
}

/** The YYYY-MM-DD date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Each time zone's date format, made once: making one costs far more than using it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: today's by default. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The first problem with one date of a range query, or undefined. */
export function analyticsDateProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return AnalyticsMessages.dateFormat;
  return dayNumber(value) === undefined ? AnalyticsMessages.dateInvalid : undefined;
}

/** The first problem with a range of two valid dates, or undefined. */
export function analyticsRangeProblem(from: string, to: string): string | undefined {
  const start = dayNumber(from)!;
  const end = dayNumber(to)!;
  if (start > end) return AnalyticsMessages.rangeOrder;
  if (end - start + 1 > ANALYTICS_MAX_RANGE_DAYS) return AnalyticsMessages.rangeTooLong;
  return undefined;
}
