import { ANALYTICS_CSV_COLUMNS, VISIT_SOURCES } from '@kartlink/contracts';
import type { DayRow, DimensionDayRow } from './reports.repository';

export const clickThroughRate = (clicks: number, views: number) =>
  views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : 0;

/** The dimensions whose daily clicks the CSV has columns for. */
export const CSV_DIMENSIONS = ['store', 'source', 'opens_in'] as const;

/** A store key as a column name: lower-case letters, digits and underscores only. */
const storeColumn = (key: string) => `clicks_on_${key.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/**
 * The daily CSV export: a header row, then one row a day, lines ending in CRLF (RFC 4180).
 * ANALYTICS_CSV_COLUMNS first (clicks by app or website, and by source), then a column per
 * store clicked in the range, in alphabetical order.
 */
export function dailyCsv(
  daily: readonly DayRow[],
  dimensions: readonly DimensionDayRow[] = [],
): string {
  const clicks = new Map<string, number>();
  const stores = new Set<string>();
  for (const row of dimensions) {
    const column =
      row.dimension === 'store'
        ? storeColumn(row.key)
        : row.dimension === 'source'
          ? `clicks_from_${row.key}`
          : `${row.key}_opens`;
    if (row.dimension === 'store') stores.add(column);
    const key = `${row.date}|${column}`;
    clicks.set(key, (clicks.get(key) ?? 0) + row.clicks);
  }
  const storeColumns = [...stores].sort();
  const of = (date: string, column: string) => clicks.get(`${date}|${column}`) ?? 0;
  const rows = daily.map((d) =>
    [
      d.date,
      d.views,
      d.uniqueVisitors,
      d.clicks,
      clickThroughRate(d.clicks, d.views).toFixed(4),
      d.taps,
      of(d.date, 'app_opens'),
      of(d.date, 'web_opens'),
      ...VISIT_SOURCES.map((source) => of(d.date, `clicks_from_${source}`)),
      ...storeColumns.map((column) => of(d.date, column)),
    ].join(','),
  );
  return [[...ANALYTICS_CSV_COLUMNS, ...storeColumns].join(','), ...rows].join('\r\n') + '\r\n';
}
