import { ANALYTICS_CSV_COLUMNS, type DailyPoint } from '@kartlink/contracts';

export const clickThroughRate = (clicks: number, views: number) =>
  views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : 0;

/** The daily CSV export: a header row, then one row a day, lines ending in CRLF (RFC 4180). */
export function dailyCsv(daily: readonly DailyPoint[]): string {
  const rows = daily.map((d) =>
    [
      d.date,
      d.views,
      d.uniqueVisitors,
      d.clicks,
      clickThroughRate(d.clicks, d.views).toFixed(4),
    ].join(','),
  );
  return [ANALYTICS_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
