/**
 * Visits and clicks (SPEC section 7 "Public tracking") and what the owner reads of them.
 * Days are calendar days in the reporting time zone (ANALYTICS_TIMEZONE, Asia/Kolkata by
 * default); dates are written YYYY-MM-DD.
 */

/** POST /api/analytics/track-shop/{shopUrl}. */
export interface TrackShopBody {
  device?: string;
  browser?: string;
}

/** POST /api/analytics/track/{urlId}: sent before the visitor is sent on to the store. */
export interface TrackClickBody {
  device?: string;
  browser?: string;
  /** The visitor's IANA time zone, e.g. Asia/Kolkata. */
  location?: string;
  /** Lower-case vendor, e.g. amazon. */
  platform?: string;
}

/** The 202 answer of both tracking calls. */
export interface TrackAccepted {
  eventId: string;
}

/** Query of every owner read: an inclusive date range, at most 366 days. */
export interface AnalyticsRangeQuery {
  /** YYYY-MM-DD; default: 29 days before `to`. */
  from?: string;
  /** YYYY-MM-DD; default: today. */
  to?: string;
}

export interface AnalyticsTotals {
  views: number;
  uniqueVisitors: number;
  clicks: number;
  /** clicks / views, 0 to 1; 0 when there were no views. */
  clickThroughRate: number;
}

export interface DailyPoint {
  date: string;
  views: number;
  uniqueVisitors: number;
  clicks: number;
}

/** One slice of a breakdown: key is the store, device, browser, region or referrer. */
export interface Breakdown {
  key: string;
  views: number;
  clicks: number;
}

export interface TopProduct {
  productId: string;
  title: string;
  shortCode: string;
  clicks: number;
}

/** GET /api/analytics/overview?from&to: the owner's shop. */
export interface AnalyticsOverview {
  range: { from: string; to: string; timeZone: string };
  totals: AnalyticsTotals;
  /** The same figures for the range of equal length just before. */
  previous: AnalyticsTotals;
  daily: DailyPoint[];
  byStore: Breakdown[];
  byDevice: Breakdown[];
  byBrowser: Breakdown[];
  byRegion: Breakdown[];
  byReferrer: Breakdown[];
  topProducts: TopProduct[];
  /** Visits and clicks by bots, link previews and the owner, left out of every figure above. */
  excluded: { bots: number; owner: number };
}

/** GET /api/analytics/products/{id}?from&to: one of the owner's products. */
export interface ProductAnalytics {
  range: { from: string; to: string; timeZone: string };
  product: { id: string; title: string; shortCode: string };
  clicks: number;
  daily: { date: string; clicks: number }[];
  byStore: Breakdown[];
  byDevice: Breakdown[];
  byRegion: Breakdown[];
}

/** GET /api/analytics/products?from&to: clicks of every product of the owner in the range. */
export interface ProductClicks {
  productId: string;
  clicks: number;
}

/** The longest range one read may ask for. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** GET /api/analytics/export.csv?from&to answers text/csv with these columns, one row a day. */
export const ANALYTICS_CSV_COLUMNS = [
  'date',
  'views',
  'unique_visitors',
  'clicks',
  'click_through_rate',
] as const;
