import {
  ANALYTICS_CSV_COLUMNS,
  ANALYTICS_PRODUCTS_CSV_COLUMNS,
  VISIT_SOURCES,
} from '@kartlink/contracts';
import type { DayRow, DimensionDayRow, ProductFiguresRow } from './reports.repository';

export const clickThroughRate = (clicks: number, views: number) =>
  views > 0 ? Math.round((clicks / views) * 10_000) / 10_000 : 0;

/** The dimensions whose daily clicks the CSV has columns for. */
export const CSV_DIMENSIONS = ['store', 'source', 'opens_in'] as const;

/** A store key as a column name: lower-case letters, digits and underscores only. */
const storeColumn = (key: string) => `clicks_on_${key.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/** The column a dimension's clicks go in: clicks_on_{store}, clicks_from_{source}, app_opens. */
const columnOf = (dimension: string, key: string) =>
  dimension === 'store'
    ? storeColumn(key)
    : dimension === 'source'
      ? `clicks_from_${key}`
      : `${key}_opens`;

/** Clicks by row (a day, a product) and column, and the store columns in alphabetical order. */
function clicksByColumn(
  rows: ReadonlyArray<{ of: string; dimension: string; key: string; clicks: number }>,
) {
  const clicks = new Map<string, number>();
  const stores = new Set<string>();
  for (const row of rows) {
    const column = columnOf(row.dimension, row.key);
    if (row.dimension === 'store') stores.add(column);
    const key = `${row.of}|${column}`;
    clicks.set(key, (clicks.get(key) ?? 0) + row.clicks);
  }
  return {
    of: (of: string, column: string) => clicks.get(`${of}|${column}`) ?? 0,
    storeColumns: [...stores].sort(),
  };
}

/**
 * A text cell as RFC 4180 wants it (quoted when it holds a comma, quote or line break), and
 * never read as a formula by a spreadsheet: one starting with = + - @ or a tab gets a ' first.
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The daily CSV export: a header row, then one row a day, lines ending in CRLF (RFC 4180).
 * ANALYTICS_CSV_COLUMNS first (clicks by app or website, and by source), then a column per
 * store clicked in the range, in alphabetical order.
 */
export function dailyCsv(
  daily: readonly DayRow[],
  dimensions: readonly DimensionDayRow[] = [],
): string {
  const { of, storeColumns } = clicksByColumn(dimensions.map((row) => ({ ...row, of: row.date })));
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

/** A product's row of the products CSV: its figures, and its title and short code now. */
export interface ProductCsvRow extends ProductFiguresRow {
  title: string;
  shortCode: string;
}

/**
 * The products CSV less each product's title and short code: its header, and each product's
 * figures as the end of its row. Made from the rollups alone, so it can be kept and named
 * afresh at each export (productsCsvNamed).
 */
export interface ProductsCsvFigures {
  header: string;
  rows: ReadonlyArray<{ productId: string; figures: string }>;
}

export function productsCsvFigures(
  products: readonly ProductFiguresRow[],
  dimensions: ReadonlyArray<{ productId: string; dimension: string; key: string; clicks: number }>,
): ProductsCsvFigures {
  const { of, storeColumns } = clicksByColumn(
    dimensions.map((row) => ({ ...row, of: row.productId })),
  );
  return {
    header: [...ANALYTICS_PRODUCTS_CSV_COLUMNS, ...storeColumns].join(','),
    rows: products.map((p) => ({
      productId: p.productId,
      figures: [
        p.views,
        p.clicks,
        clickThroughRate(p.clicks, p.views).toFixed(4),
        p.taps,
        p.appOpens,
        p.webOpens,
        ...VISIT_SOURCES.map((source) => of(p.productId, `clicks_from_${source}`)),
        ...storeColumns.map((column) => of(p.productId, column)),
      ].join(','),
    })),
  };
}

/**
 * The products CSV export: a header row, then one row a product in the order of its figures,
 * each with its title and short code (`nameOf`), lines ending in CRLF.
 */
export function productsCsvNamed(
  csv: ProductsCsvFigures,
  nameOf: (productId: string) => { title: string; shortCode: string },
): string {
  const lines = [csv.header];
  for (const row of csv.rows) {
    const { title, shortCode } = nameOf(row.productId);
    lines.push(`${textCell(title)},${textCell(shortCode)},${row.figures}`);
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * The products CSV export: a header row, then one row a product in the order given, lines
 * ending in CRLF. ANALYTICS_PRODUCTS_CSV_COLUMNS first, then a column per store clicked.
 */
export function productsCsv(
  products: readonly ProductCsvRow[],
  dimensions: ReadonlyArray<{ productId: string; dimension: string; key: string; clicks: number }>,
): string {
  const names = new Map(products.map((p) => [p.productId, p]));
  return productsCsvNamed(productsCsvFigures(products, dimensions), (id) => names.get(id)!);
}
