import type { Breakdown } from '@kartlink/contracts';
import { opensInName, sourceName } from '../../../lib/analytics-format';

/** A slice with its name and click-through rate (clicks / views; null without views). */
export interface RateRow {
  key: string;
  name: string;
  views: number;
  clicks: number;
  rate: number | null;
}

const rateOf = (clicks: number, views: number) => (views > 0 ? clicks / views : null);

/**
 * The sources of visits and clicks, each named for people, most views and clicks first; a
 * source with neither is left out.
 */
export function sourceRows(bySource: readonly Breakdown[]): RateRow[] {
  return bySource
    .filter((row) => row.views + row.clicks > 0)
    .map((row) => ({
      key: row.key,
      name: sourceName(row.key),
      views: row.views,
      clicks: row.clicks,
      rate: rateOf(row.clicks, row.views),
    }))
    .sort((a, b) => b.views + b.clicks - (a.views + a.clicks) || a.name.localeCompare(b.name));
}

/** One way a click opened a store, with its share of the clicks. */
export interface OpensInRow {
  key: string;
  name: string;
  clicks: number;
  /** 0–1 of every click of the period. */
  share: number;
}

// The app first: it is where shoppers are signed in and buy.
const ORDER = ['app', 'web'];

/**
 * Clicks that opened the store's app, its website, and those not known (clicks recorded
 * before the app could be opened), in that order; rows without clicks left out.
 */
export function opensInRows(byOpensIn: readonly Breakdown[]): OpensInRow[] {
  const total = byOpensIn.reduce((sum, row) => sum + row.clicks, 0);
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  return byOpensIn
    .filter((row) => row.clicks > 0)
    .map((row) => ({
      key: row.key,
      name: opensInName(row.key),
      clicks: row.clicks,
      share: total > 0 ? row.clicks / total : 0,
    }))
    .sort((a, b) => rank(a.key) - rank(b.key));
}
