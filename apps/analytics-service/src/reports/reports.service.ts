import { Inject, Injectable } from '@nestjs/common';
import {
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type AnalyticsTotals,
  AnalyticsMessages,
  type Breakdown,
  type Caller,
  ErrorCode,
  type ProductAnalytics,
  type ProductClicks,
  type ProductRef,
  type ShopRef,
  dayIn,
  isUuid,
} from '@kartlink/contracts';
import { CONFIG, JsonReply, ServiceError, TextReply } from '@kartlink/server-kit';
import type { AnalyticsConfig } from '../config';
import { RefsResolver } from '../refs/refs.resolver';
import {
  clickThroughRate,
  CSV_DIMENSIONS,
  dailyCsv,
  productsCsvFigures,
  productsCsvNamed,
  type ProductsCsvFigures,
} from './csv';
import { ReportsCache } from './reports-cache';
import { ShopChanges } from '../refs/shop-changes';
import {
  datesOf,
  type DateRange,
  monthPlan,
  type MonthPlan,
  previousRange,
  rangeOf,
} from './date-range';
import {
  type DimensionRow,
  type ProductFiguresRow,
  ReportsRepository,
  type ShopTotalsRow,
} from './reports.repository';

const TOP_PRODUCTS = 10;
/** The products CSV's name for a product deleted since its figures were counted. */
const DELETED = { title: '(deleted product)', shortCode: '' };
// Deleted products are left out of the top list: ask for a few more than are shown.
const TOP_CANDIDATES = 50;

const totalsOf = (row: ShopTotalsRow): AnalyticsTotals => ({
  views: row.views,
  uniqueVisitors: row.uniqueVisitors,
  clicks: row.clicks,
  taps: row.taps,
  clickThroughRate: clickThroughRate(row.clicks, row.views),
  productViews: row.productViews,
  productClickThroughRate: clickThroughRate(row.clicks, row.productViews),
});

const productClicksOf = (row: ProductFiguresRow): ProductClicks => ({
  ...row,
  clickThroughRate: clickThroughRate(row.clicks, row.views),
});

/** Slices of one dimension, most views and clicks first (then by key, for a stable order). */
function breakdown(rows: readonly DimensionRow[], dimension: string): Breakdown[] {
  return rows
    .filter((row) => row.dimension === dimension)
    .map(({ key, views, clicks }) => ({ key, views, clicks }))
    .sort((a, b) => b.views + b.clicks - (a.views + a.clicks) || (a.key < b.key ? -1 : 1));
}

/** Every day of the range, zeros where nothing happened. */
function filled<T extends { date: string }>(
  range: DateRange,
  rows: readonly T[],
  zero: (date: string) => T,
): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return datesOf(range).map((date) => byDate.get(date) ?? zero(date));
}

/**
 * An answer as the gateway asks it (its KeptReports): with `known` (the name of the answer it
 * keeps, or ''), the text "{name}\n" followed by the JSON only when `known` is not its name;
 * without, the JSON as any reply. The name stands for the answer's bytes: the same name, the
 * same bytes, for this caller's own shop only.
 */
function named(name: string, known: string | undefined, json: () => string): JsonReply | TextReply {
  if (known === undefined) return new JsonReply(json());
  return new TextReply(known === name ? `${name}\n` : `${name}\n${json()}`);
}

/** What the owner reads: always their own shop, found from the caller, never from the request. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly cache: ReportsCache,
    private readonly refs: RefsResolver,
    private readonly shopChanges: ShopChanges,
    @Inject(CONFIG) private readonly config: AnalyticsConfig,
  ) {}

  /**
   * The overview. Its titles are the top products' as they are now: the answer is named (as the
   * gateway asks) by its figures' key and the version of the shop's products (ShopChanges), read
   * before the titles are asked, so that a change announced since makes the next read ask again.
   */
  async overview(
    caller: Caller,
    query: AnalyticsRangeQuery,
    known?: string,
  ): Promise<JsonReply | TextReply> {
    const shop = await this.ownShop(caller);
    const range = this.rangeOf(query);
    return this.withTitles(shop, 'overview', range, known, async () => {
      const figures = await this.overviewFigures(shop.shopId, range);
      const products = await this.refs.productsNow(figures[4].map((p) => p.productId));
      return this.overviewOf(shop, range, figures, products);
    });
  }

  private overviewFigures(shopId: string, range: DateRange) {
    return this.figures(shopId, 'overview', range, (plan) =>
      Promise.all([
        this.reports.shopTotals(shopId, range),
        this.reports.shopTotals(shopId, previousRange(range)),
        this.reports.shopDays(shopId, range),
        this.reports.shopDimensions(shopId, plan),
        this.reports.productFigures(shopId, plan, TOP_CANDIDATES),
      ]),
    );
  }

  private overviewOf(
    shop: ShopRef,
    range: DateRange,
    [totals, previous, days, dimensions, top]: Awaited<
      ReturnType<ReportsService['overviewFigures']>
    >,
    products: ReadonlyMap<string, ProductRef>,
  ): AnalyticsOverview {
    return {
      range: this.described(range),
      totals: totalsOf(totals),
      previous: totalsOf(previous),
      daily: filled(
        range,
        days.map(({ date, views, clicks, uniqueVisitors }) => ({
          date,
          views,
          clicks,
          uniqueVisitors,
        })),
        (date) => ({ date, views: 0, clicks: 0, uniqueVisitors: 0 }),
      ),
      byStore: breakdown(dimensions, 'store'),
      byDevice: breakdown(dimensions, 'device'),
      byBrowser: breakdown(dimensions, 'browser'),
      byRegion: breakdown(dimensions, 'region'),
      byReferrer: breakdown(dimensions, 'referrer'),
      bySource: breakdown(dimensions, 'source'),
      byOpensIn: breakdown(dimensions, 'opens_in'),
      topProducts: top
        .flatMap(({ productId, views, clicks }) => {
          const product = products.get(productId);
          return product && product.shopId === shop.shopId
            ? [
                {
                  productId,
                  title: product.title,
                  shortCode: product.shortCode,
                  views,
                  clicks,
                  clickThroughRate: clickThroughRate(clicks, views),
                },
              ]
            : [];
        })
        .slice(0, TOP_PRODUCTS),
      excluded: { bots: totals.botEvents, owner: totals.ownerEvents },
    };
  }

  /**
   * Answered as JSON text (ProductClicks[]): nothing of it comes from elsewhere, so the JSON
   * itself is kept, made once per report version and range, and passed on as it is.
   *
   * The gateway keeps the last answer it sent as bytes and names it (`known`): it is then
   * answered as text, the answer's name and a line break, followed by the JSON only when the
   * name is not the one it knows (a fold changed the shop, or another shop or range).
   */
  async productClicks(
    caller: Caller,
    query: AnalyticsRangeQuery,
    known?: string,
  ): Promise<JsonReply | TextReply> {
    const shop = await this.ownShop(caller);
    const range = this.rangeOf(query);
    const key = await this.keyOf(shop.shopId, 'products-json', range);
    if (known === key) return new TextReply(`${key}\n`);
    const json = await this.cache.figures(key, async () =>
      JSON.stringify(
        (await this.reports.productFigures(shop.shopId, this.planOf(range))).map(
          productClicksOf,
        ) satisfies ProductClicks[],
      ),
    );
    return named(key, known, () => json);
  }

  /** One product's figures, named as the overview is (withTitles). */
  async product(
    caller: Caller,
    id: string,
    query: AnalyticsRangeQuery,
    known?: string,
  ): Promise<JsonReply | TextReply> {
    const shop = await this.ownShop(caller);
    const range = this.rangeOf(query);
    const productId = isUuid(id) ? id.toLowerCase() : undefined;
    if (!productId) throw ServiceError.notFound(AnalyticsMessages.productNotFound);
    return this.withTitles(shop, `product:${productId}`, range, known, () =>
      this.productAnswer(shop, productId, range),
    );
  }

  private async productAnswer(
    shop: ShopRef,
    productId: string,
    range: DateRange,
  ): Promise<ProductAnalytics> {
    const product = (await this.refs.productsNow([productId])).get(productId);
    if (!product || product.shopId !== shop.shopId)
      throw ServiceError.notFound(AnalyticsMessages.productNotFound);
    const [days, dimensions] = await this.figures(
      shop.shopId,
      `product:${product.productId}`,
      range,
      () =>
        Promise.all([
          this.reports.productDays(product.productId, range),
          this.reports.productDimensions(product.productId, range),
        ]),
    );
    const sum = (field: 'views' | 'clicks' | 'taps') =>
      days.reduce((total, day) => total + day[field], 0);
    return {
      range: this.described(range),
      product: { id: product.productId, title: product.title, shortCode: product.shortCode },
      views: sum('views'),
      clicks: sum('clicks'),
      taps: sum('taps'),
      clickThroughRate: clickThroughRate(sum('clicks'), sum('views')),
      daily: filled(
        range,
        days.map(({ date, views, clicks }) => ({ date, views, clicks })),
        (date) => ({ date, views: 0, clicks: 0 }),
      ),
      byStore: breakdown(dimensions, 'store'),
      byDevice: breakdown(dimensions, 'device'),
      byRegion: breakdown(dimensions, 'region'),
      byBrowser: breakdown(dimensions, 'browser'),
      byReferrer: breakdown(dimensions, 'referrer'),
      bySource: breakdown(dimensions, 'source'),
      byOpensIn: breakdown(dimensions, 'opens_in'),
    };
  }

  /**
   * The daily CSV ({ filename, csv }). Nothing of it comes from elsewhere: the CSV text itself
   * is kept, and its name (as the gateway asks) is its figures' key and the shop's URL (the
   * filename's).
   */
  async exportCsv(
    caller: Caller,
    query: AnalyticsRangeQuery,
    known?: string,
  ): Promise<JsonReply | TextReply> {
    const shop = await this.ownShop(caller);
    const range = this.rangeOf(query);
    const key = await this.keyOf(shop.shopId, 'daily-csv', range);
    const name = `${key}|${shop.shopUrl}`;
    if (known === name) return new TextReply(`${name}\n`);
    const csv = await this.cache.figures(key, async () => {
      const [days, dimensions] = await Promise.all([
        this.reports.shopDays(shop.shopId, range),
        this.reports.shopDimensionDays(shop.shopId, range, CSV_DIMENSIONS),
      ]);
      return dailyCsv(
        filled(range, days, (date) => ({ date, views: 0, clicks: 0, uniqueVisitors: 0, taps: 0 })),
        dimensions,
      );
    });
    const filename = `kartlink-${shop.shopUrl}-${range.from}-to-${range.to}.csv`;
    return named(name, known, () => JSON.stringify({ filename, csv }));
  }

  /**
   * Each product with page views or clicks in the range as CSV, most clicked first; a product
   * deleted since is named as such ({ filename, csv }). The CSV less its titles is kept
   * (ReportsCache) under the shop's report version; the whole answer, titles written in, under
   * that and the version of the shop's products as announced by shop-service (ShopChanges),
   * read before the titles are asked: a change announced since makes the next export ask again.
   * Its name (as the gateway asks) is that key.
   */
  async exportProductsCsv(
    caller: Caller,
    query: AnalyticsRangeQuery,
    known?: string,
  ): Promise<JsonReply | TextReply> {
    const shop = await this.ownShop(caller);
    const range = this.rangeOf(query);
    const productsVersion = this.shopChanges.version(shop.shopUrl);
    const key = await this.keyOf(shop.shopId, 'products-csv', range);
    const name = `${key}|${shop.shopUrl}|${productsVersion}`;
    if (known === name) return new TextReply(`${name}\n`);
    // Exports of the same answer at the same time share one build: titles asked once.
    const json = await this.cache.figures(name, async () => {
      const figures = await this.cache.figures(key, async () => {
        const plan = this.planOf(range);
        const [products, dimensions] = await Promise.all([
          this.reports.productFigures(shop.shopId, plan),
          this.reports.productDimensionClicks(shop.shopId, plan, ['store', 'source']),
        ]);
        return productsCsvFigures(products, dimensions);
      });
      return JSON.stringify({
        filename: `kartlink-${shop.shopUrl}-products-${range.from}-to-${range.to}.csv`,
        csv: await this.productsCsvOf(shop.shopId, figures),
      });
    });
    return named(name, known, () => json);
  }

  /**
   * A report with the shop's products' titles as they are now, named by its figures' key and
   * the version of the shop's products this replica has heard of (read before the titles are
   * asked): answered by its name alone while the gateway keeps that, else made by `answer`.
   * The name holds the caller's own shop: another owner's never matches theirs.
   */
  private async withTitles(
    shop: ShopRef,
    report: string,
    range: DateRange,
    known: string | undefined,
    answer: () => Promise<unknown>,
  ): Promise<JsonReply | TextReply> {
    const productsVersion = this.shopChanges.version(shop.shopUrl);
    const name = `${await this.keyOf(shop.shopId, report, range)}|${productsVersion}`;
    if (known === name) return new TextReply(`${name}\n`);
    const json = JSON.stringify(await answer());
    return named(name, known, () => json);
  }

  /** The products CSV of these figures, with each product's title and short code as they are now. */
  private async productsCsvOf(shopId: string, figures: ProductsCsvFigures): Promise<string> {
    const now = await this.refs.productsNow(figures.rows.map((p) => p.productId));
    return productsCsvNamed(figures, (productId) => {
      const product = now.get(productId);
      return product && product.shopId === shopId ? product : DELETED;
    });
  }

  private async ownShop(caller: Caller): Promise<ShopRef> {
    const shop = await this.refs.shopOfOwner(caller.userId);
    if (!shop)
      throw new ServiceError(ErrorCode.NOT_FOUND, AnalyticsMessages.setupRequired, {
        requiresSetup: true,
      });
    return shop;
  }

  private rangeOf(query: AnalyticsRangeQuery | undefined): DateRange {
    const result = rangeOf(query, dayIn(this.config.ANALYTICS_TIMEZONE));
    if (result.errors) throw ServiceError.validation(result.errors);
    return result.range;
  }

  /**
   * Figures of the rollups for a report and range: remembered under the shop's report version
   * (ReportsCache), else loaded, reading whole months from the monthly rollups and the edge
   * days from the daily ones (monthPlan).
   */
  private async figures<T>(
    shopId: string,
    report: string,
    range: DateRange,
    load: (plan: MonthPlan) => Promise<T>,
  ): Promise<T> {
    const key = await this.keyOf(shopId, report, range);
    return this.cache.figures(key, () => load(this.planOf(range)));
  }

  /** What a report's figures are kept under: they change only with the shop's report version. */
  private async keyOf(shopId: string, report: string, range: DateRange): Promise<string> {
    const version = await this.reports.version(shopId);
    return `${shopId}|${version}|${report}|${range.from}|${range.to}`;
  }

  private planOf(range: DateRange): MonthPlan {
    return monthPlan(range, dayIn(this.config.ANALYTICS_TIMEZONE));
  }

  private described(range: DateRange) {
    return { ...range, timeZone: this.config.ANALYTICS_TIMEZONE };
  }
}
