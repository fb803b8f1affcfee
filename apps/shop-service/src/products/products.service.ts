import { Inject, Injectable } from '@nestjs/common';
import {
  type Caller,
  composeProductListText,
  ErrorCode,
  generateShortCode,
  normalizeShopUrl,
  normalizeStoreUrl,
  type Product,
  type ProductBody,
  type ProductListQuery,
  ProductMessages,
  type ProductPage,
  type ProductQuota,
  type ProductUpdateBody,
  type PublicProduct,
  readProductListText,
  type ShopStats,
  ShopMessages,
  SITEMAP_MAX_URLS,
  type SitemapShopPages,
  type ShopWrite,
  Subjects,
  type UserPlan,
  isUuid,
  type StoreLinkWarning,
  type StoreRoute,
  DEFAULT_EARNINGS,
  DEFAULT_ENDED_MESSAGE,
  nextBoundary,
  ScheduleMessages,
  scheduleState,
  secondsUntil,
  vendorOf,
  type ImportRowResult,
} from '@kartlink/contracts';
import { CONFIG, JsonReply, NatsRequester, ServiceError } from '@kartlink/server-kit';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { ShopConfig } from '../config';
import { type CachedProduct, ShopCache, TTL_SECONDS } from '../shops/shop-cache';
import type { ShopEntity } from '../shops/shop.entity';
import { noLongerAvailable, ShopsService } from '../shops/shops.service';
import { ProductEntity as ProductEntityClass, type ProductEntity } from './product.entity';
import { toProduct, toPublicProduct } from './product.mapper';
import { OwnerPages } from './owner-pages';
import { ProductReads, type PublicProductRow, type ScheduleRow } from './product-reads';
import { ProductsRepository } from './products.repository';
import { ShortLinkResolver } from './short-links';
import { WebhooksService } from '../webhooks/webhooks.service';

const SHORT_CODE_TRIES = 5;

/** One row of a bulk import, as a product body that passed the contract's checks. */
export interface ImportRowBody {
  row: number;
  body: ProductBody;
}
const CODE_CONSTRAINT = 'products_shop_id_short_code_key';

/** A product's fields as stored, from a request that passed the contract's checks. */
function fields(body: ProductUpdateBody): Partial<ProductEntity> {
  const out: Partial<ProductEntity> = {};
  if (body.title !== undefined) out.title = body.title.trim();
  if (body.description !== undefined) out.description = body.description.trim() || null;
  if (body.price !== undefined) {
    out.price = body.price === null ? null : body.price.toFixed(2);
    // A price saved without the date a store page gave it is the owner's own.
    out.priceReadAt = body.price !== null && body.priceReadAt ? new Date(body.priceReadAt) : null;
  } else if (body.priceReadAt === null) out.priceReadAt = null;
  if (body.brand !== undefined) out.brand = body.brand.trim() || null;
  if (body.imageUrl !== undefined) out.imageUrl = body.imageUrl || null;
  if (body.images !== undefined) out.images = body.images;
  if (body.originalURLs !== undefined)
    out.storeUrls = body.originalURLs.map((url) => normalizeStoreUrl(url)!);
  if (body.showOnShop !== undefined) out.showOnShop = body.showOnShop;
  if (body.affiliateTags !== undefined) out.affiliateTags = body.affiliateTags;
  if (body.defaultStore !== undefined) out.defaultStore = body.defaultStore;
  if (body.startsAt !== undefined) out.startsAt = body.startsAt ? new Date(body.startsAt) : null;
  if (body.endsAt !== undefined) out.endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (body.afterEnd !== undefined) out.afterEnd = body.afterEnd;
  if (body.endedMessage !== undefined) out.endedMessage = body.endedMessage?.trim() || null;
  return out;
}

/** A window must end after it starts (the stored start or end counts when only one is sent). */
function checkSchedule(product: Partial<ProductEntity>) {
  if (product.startsAt && product.endsAt && product.endsAt <= product.startsAt)
    throw ServiceError.validation(
      [{ path: 'endsAt', msg: ScheduleMessages.endBeforeStart }],
      ScheduleMessages.endBeforeStart,
    );
}

/**
 * What the public page of a product says at this moment: the product, nothing before its
 * start (as for an unknown product: a drop stays secret until it starts), or the owner's
 * message past its end; and how long that answer may be kept (until the next boundary).
 */
function publicEntry(
  row: (PublicProductRow & ScheduleRow) | null,
  shopUrl: string,
  publicUrl: string,
): { entry: CachedProduct; ttlSeconds: number } {
  if (!row) return { entry: { kind: 'missing' }, ttlSeconds: TTL_SECONDS };
  if (row.hiddenAt) return { entry: { kind: 'gone' }, ttlSeconds: TTL_SECONDS };
  const now = new Date();
  const ttlSeconds = secondsUntil(nextBoundary([row.startsAt, row.endsAt], now), TTL_SECONDS, now);
  switch (scheduleState(row.startsAt, row.endsAt, now)) {
    case 'scheduled':
      return { entry: { kind: 'missing' }, ttlSeconds };
    case 'ended':
      return {
        entry: {
          kind: 'ended',
          message: row.endedMessage ?? DEFAULT_ENDED_MESSAGE,
          ...(row.afterEnd === 'shop' ? { redirectTo: `/${shopUrl}` } : {}),
        },
        ttlSeconds,
      };
    default:
      return {
        entry: { kind: 'found', product: toPublicProduct(row, shopUrl, publicUrl) },
        ttlSeconds,
      };
  }
}

/**
 * The pinned store must be one of the product's stores: a pin asked for that is not is refused;
 * a pin left behind when its store was removed is dropped.
 */
function checkDefaultStore(product: Partial<ProductEntity>, asked: boolean) {
  if (!product.defaultStore) return;
  const keys = [...new Set((product.storeUrls ?? []).map((url) => vendorOf(url).key))];
  if (keys.includes(product.defaultStore)) return;
  if (!asked) {
    product.defaultStore = null;
    return;
  }
  const message = ProductMessages.defaultStoreUnknown(keys);
  throw ServiceError.validation([{ path: 'defaultStore', msg: message }], message);
}

/** The owner's answer of a save, with the links that could not be resolved. */
function withWarnings(product: Product, warnings: StoreLinkWarning[]): Product {
  return warnings.length ? { ...product, warnings } : product;
}

/** The most products one page of a public shop's list holds (the gateway checks it first). */
const PUBLIC_PAGE_MAX = 100;

const badCursor = () =>
  ServiceError.validation(
    [{ path: 'after', msg: 'after must be the id of a product of this shop' }],
    'after must be the id of a product of this shop',
  );

const noShopYet = () =>
  new ServiceError(
    ErrorCode.BAD_REQUEST,
    'Set up your shop first: choose its URL in the setup wizard.',
  );

const isCodeTaken = (err: unknown) =>
  err instanceof QueryFailedError &&
  (err as { constraint?: string }).constraint === CODE_CONSTRAINT;

const codeTaken = () =>
  ServiceError.validation(
    [{ path: 'shortCode', msg: ProductMessages.shortCodeTaken }],
    ProductMessages.shortCodeTaken,
  );

/** An owner's products: ownership checked on every call, another owner's ids answer 404. */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly reads: ProductReads,
    private readonly ownerPages: OwnerPages,
    private readonly shopsService: ShopsService,
    private readonly cache: ShopCache,
    private readonly services: NatsRequester,
    private readonly shortLinks: ShortLinkResolver,
    private readonly webhooks: WebhooksService,
    @Inject(CONFIG) private readonly config: ShopConfig,
  ) {}

  async create(caller: Caller, body: ProductBody): Promise<ShopWrite<Product>> {
    const shop = await this.ownShop(caller);
    const values = fields(body);
    checkDefaultStore(values, true);
    checkSchedule(values);
    const { urls, warnings } = await this.shortLinks.resolveAll(values.storeUrls ?? []);
    values.storeUrls = urls;
    const created = await this.products.withShopLock(shop.id, async (manager) => {
      await this.checkLimit(caller, shop, manager);
      return this.insert(shop, values, body.shortCode, manager);
    });
    await this.ownerPages.forget(shop.userId);
    const product = toProduct(created, shop.shopUrl!, this.config.PUBLIC_URL);
    await this.webhooks.emit(shop.userId, 'product.created', `product:${created.id}`, { product });
    return {
      result: withWarnings(product, warnings),
      changedShopUrls: await this.cache.invalidateProducts(shop.shopUrl!, created.shortCode),
    };
  }

  /**
   * The owner's products, newest first: one query, the shop's lookup included; or the page as
   * answered before, from OwnerPages, when nothing it shows changed since. Answered as JSON text
   * (the gateway passes it on as it is).
   */
  async list(caller: Caller, query: ProductListQuery): Promise<JsonReply> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const search = query.search?.trim() || undefined;
    const field = JSON.stringify([page, limit, search ?? '']);
    const kept = await this.ownerPages.read(caller.userId, field);
    if (kept.json) return new JsonReply(kept.json);
    const found = await this.reads.ownerPage(caller.userId, {
      offset: (page - 1) * limit,
      limit,
      search,
    });
    if (!found) throw noShopYet();
    const answer: ProductPage = {
      items: found.rows.map((row) => toProduct(row, found.shopUrl, this.config.PUBLIC_URL)),
      total: found.total,
      page,
      limit,
    };
    const json = JSON.stringify(answer);
    this.ownerPages.keep(caller.userId, field, kept, json);
    return new JsonReply(json);
  }

  /** How full the owner's plan is; an owner without a shop yet has used nothing. */
  async quota(caller: Caller): Promise<ProductQuota> {
    const shop = await this.shopsService.findByOwner(caller.userId);
    const [used, plan] = await Promise.all([
      shop ? this.products.count(shop.id) : 0,
      this.planOf(caller),
    ]);
    return { used, limit: plan === 'premium' ? null : this.config.FREE_PRODUCT_LIMIT };
  }

  async get(caller: Caller, id: string): Promise<Product> {
    const { shop, product } = await this.owned(caller, id);
    return toProduct(product, shop.shopUrl!, this.config.PUBLIC_URL);
  }

  async update(caller: Caller, id: string, body: ProductUpdateBody): Promise<ShopWrite<Product>> {
    const { shop, product } = await this.owned(caller, id);
    const previousCode = product.shortCode;
    Object.assign(product, fields(body));
    checkDefaultStore(product, body.defaultStore !== undefined);
    checkSchedule(product);
    let warnings: StoreLinkWarning[] = [];
    if (body.originalURLs !== undefined)
      ({ urls: product.storeUrls, warnings } = await this.shortLinks.resolveAll(product.storeUrls));
    if (body.shortCode !== undefined) product.shortCode = body.shortCode;
    try {
      await this.products.save(product);
    } catch (err) {
      if (isCodeTaken(err)) throw codeTaken();
      throw err;
    }
    await this.ownerPages.forget(shop.userId);
    const result = toProduct(product, shop.shopUrl!, this.config.PUBLIC_URL);
    await this.webhooks.emit(shop.userId, 'product.updated', `product:${product.id}`, {
      product: result,
    });
    return {
      result: withWarnings(result, warnings),
      changedShopUrls: await this.cache.invalidateProducts(
        shop.shopUrl!,
        previousCode,
        product.shortCode,
      ),
    };
  }

  async remove(caller: Caller, id: string): Promise<ShopWrite<null>> {
    const { shop, product } = await this.owned(caller, id);
    const productId = product.id;
    await this.products.remove(product);
    await this.ownerPages.forget(shop.userId);
    await this.webhooks.emit(shop.userId, 'product.deleted', `product:${productId}`, {
      product: { id: productId, shortCode: product.shortCode },
    });
    return {
      result: null,
      changedShopUrls: await this.cache.invalidateProducts(shop.shopUrl!, product.shortCode),
    };
  }

  /**
   * GET /shop/{shopUrl}/urls: the products shown on a public shop, newest first; all of them
   * (SPEC: an array of products), or with `page` at most `page.limit` of them after the product
   * `page.after` (the last one of the page before). Pages are not kept in Redis: one is an
   * index range (products_shop_newest), and the gateway keeps the answers it sends.
   */
  async publicProducts(
    shopUrl: string,
    page?: { limit: number; after?: string },
  ): Promise<PublicProduct[]> {
    const url = normalizeShopUrl(shopUrl);
    await this.shopsService.publicShop(url);
    if (page) {
      if (page.after !== undefined && !isUuid(page.after)) throw badCursor();
      const limit = Math.min(Math.max(Math.trunc(Number(page.limit)) || 1, 1), PUBLIC_PAGE_MAX);
      const rows = await this.reads.shownPage(url, limit, page.after);
      return rows.map((row) => toPublicProduct(row, url, this.config.PUBLIC_URL));
    }
    return JSON.parse(readProductListText(await this.listText(url)).json) as PublicProduct[];
  }

  /**
   * Every product a public shop shows, newest first, as text (product-list-text.ts): what the
   * gateway answers without a `limit`, kept in Redis as it is sent, so that a large shop's list
   * is never parsed and serialised again until it changes.
   */
  async publicProductListText(shopUrl: string): Promise<string> {
    const url = normalizeShopUrl(shopUrl);
    await this.shopsService.publicShop(url);
    return this.listText(url);
  }

  private async listText(url: string): Promise<string> {
    const cached = await this.cache.productsText(url);
    if (cached) return cached;
    const now = new Date();
    const [shown, boundary] = await Promise.all([
      this.reads.shownOnShop(url),
      this.reads.nextBoundary(url),
    ]);
    const text = composeProductListText(
      shown.map((row) => toPublicProduct(row, url, this.config.PUBLIC_URL)),
    );
    await this.cache.setProductsText(url, text, secondsUntil(boundary, TTL_SECONDS, now));
    return text;
  }

  /** A public shop's sitemap: the shop page and each product page it shows. */
  async sitemapPages(shopUrl: string): Promise<SitemapShopPages> {
    const url = normalizeShopUrl(shopUrl);
    await this.shopsService.publicShop(url);
    const shop = await this.shopsService.findByUrl(url);
    if (!shop) throw ServiceError.notFound(ShopMessages.notFound);
    const [shown, nextChange] = await Promise.all([
      this.reads.sitemapPages(shop.id, SITEMAP_MAX_URLS - 1),
      this.reads.nextBoundary(url),
    ]);
    const products = shown.map((row) => ({
      shortCode: row.shortCode,
      updatedAt: row.updatedAt.toISOString(),
    }));
    const latest = [shop.updatedAt.toISOString(), ...products.map((p) => p.updatedAt)].sort();
    return {
      shopUrl: url,
      updatedAt: latest[latest.length - 1]!,
      products,
      nextChangeAt: nextChange?.toISOString() ?? null,
    };
  }

  /** GET /shop/{shopUrl}/stats: a count (a large shop's whole list is megabytes to read). */
  async publicStats(shopUrl: string): Promise<ShopStats> {
    const url = normalizeShopUrl(shopUrl);
    await this.shopsService.publicShop(url);
    return { productCount: await this.reads.shownCount(url) };
  }

  /** GET /url/shop/{shopUrl}/{shortCode}: one product of a public shop with its stores. */
  async publicProduct(shopUrl: string, shortCode: string): Promise<PublicProduct> {
    const url = normalizeShopUrl(shopUrl);
    const code = shortCode.trim().toLowerCase();
    // A cold read costs one Redis round trip (both entries), one query and the entry's write.
    const [shopEntry, cached] = await this.cache.shopAndProduct(url, code);
    await this.shopsService.publicShop(url, shopEntry);
    let entry = cached;
    if (!entry) {
      const row = /^[a-z0-9-]{1,40}$/.test(code) ? await this.reads.publicProduct(url, code) : null;
      const made = publicEntry(row, url, this.config.PUBLIC_URL);
      entry = made.entry;
      // Not waited for: the answer does not depend on it, and a later write's DEL follows it on
      // the same Redis connection. A write that fails costs the next read a query, no more.
      void this.cache.setProduct(url, code, entry, made.ttlSeconds).catch(() => undefined);
    }
    if (entry.kind === 'missing') throw ServiceError.notFound(ProductMessages.notFound);
    if (entry.kind === 'gone') throw noLongerAvailable();
    if (entry.kind === 'ended')
      throw new ServiceError(
        ErrorCode.PRODUCT_ENDED,
        entry.message,
        entry.redirectTo ? { redirectTo: entry.redirectTo } : undefined,
      );
    return entry.product;
  }

  /**
   * What the gateway's store redirect needs of a product of a public shop: its stores, pin and
   * switch, and the shop's earnings settings and owner. Never sent to a visitor as such.
   */
  async storeRoute(shopUrl: string, shortCode: string): Promise<StoreRoute> {
    const url = normalizeShopUrl(shopUrl);
    const code = shortCode.trim().toLowerCase();
    await this.shopsService.publicShop(url);
    const shop = await this.shopsService.findByUrl(url);
    const row =
      shop && /^[a-z0-9-]{1,40}$/.test(code) ? await this.products.findByCode(shop.id, code) : null;
    if (row?.hiddenAt) throw noLongerAvailable();
    // Before its start or past its end, no store is opened for it.
    if (!shop || !row || !['always', 'live'].includes(scheduleState(row.startsAt, row.endsAt)))
      throw ServiceError.notFound(ProductMessages.notFound);
    return {
      productId: row.id,
      shopUrl: url,
      shortCode: row.shortCode,
      ownerUserId: shop.userId,
      stores: row.storeUrls.map((storeUrl) => ({ url: storeUrl, ...vendorOf(storeUrl) })),
      defaultStore: row.defaultStore,
      affiliateTags: row.affiliateTags,
      earnings: { ...DEFAULT_EARNINGS, ...shop.earnings },
    };
  }

  /**
   * A bulk import's rows (checked against the same contract as a created product): each row
   * whose short code the shop has already is updated, the others added while the plan has room
   * for them, under the shop's lock so that concurrent imports and creates never pass the limit.
   * A row that cannot be saved is failed with the reason; the others are saved.
   */
  async importRows(caller: Caller, rows: ImportRowBody[]): Promise<ImportRowResult[]> {
    const shop = await this.ownShop(caller);
    const prepared = await Promise.all(
      rows.map(async ({ row, body }) => {
        const values = fields(body);
        values.storeUrls = (await this.shortLinks.resolveAll(values.storeUrls ?? [])).urls;
        return { row, body, values };
      }),
    );
    const written: Array<{ event: 'product.created' | 'product.updated'; row: ProductEntity }> = [];
    const results = await this.products.withShopLock(shop.id, async (manager) => {
      let count = await this.products.count(shop.id, manager);
      let premium: boolean | undefined;
      let stamp = 0;
      const out: ImportRowResult[] = [];
      for (const { row, body, values } of prepared) {
        const fail = (column: string, msg: string) =>
          out.push({ row, outcome: 'failed', errors: [{ column, msg }], notes: [] });
        const existing = body.shortCode
          ? await this.products.findByCode(shop.id, body.shortCode, manager)
          : null;
        try {
          if (existing) {
            Object.assign(existing, values);
            checkDefaultStore(existing, false);
            await manager.getRepository(ProductEntityClass).save(existing);
            written.push({ event: 'product.updated', row: existing });
            out.push({
              row,
              outcome: 'updated',
              errors: [],
              notes: [],
              productId: existing.id,
              shortCode: existing.shortCode,
              title: existing.title,
            });
            continue;
          }
          if (count >= this.config.FREE_PRODUCT_LIMIT) {
            premium ??= (await this.planOf(caller)) === 'premium';
            if (!premium) {
              fail('', ProductMessages.limitReached);
              continue;
            }
          }
          // Each row its own moment, so the list (newest first) shows the file's order backwards.
          stamp = Math.max(Date.now(), stamp + 1);
          const created = await manager.transaction((inner) =>
            this.insert(shop, { ...values, createdAt: new Date(stamp) }, body.shortCode, inner),
          );
          count += 1;
          written.push({ event: 'product.created', row: created });
          out.push({
            row,
            outcome: 'created',
            errors: [],
            notes: [],
            productId: created.id,
            shortCode: created.shortCode,
            title: created.title,
          });
        } catch (err) {
          if (err instanceof ServiceError) fail('short_code', err.message);
          else throw err;
        }
      }
      return out;
    });
    await this.ownerPages.forget(shop.userId);
    for (const { event, row } of written)
      await this.webhooks.emit(shop.userId, event, `product:${row.id}`, {
        product: toProduct(row, shop.shopUrl!, this.config.PUBLIC_URL),
      });
    const codes = results.flatMap((r) => (r.shortCode ? [r.shortCode] : []));
    if (codes.length) await this.cache.invalidateProducts(shop.shopUrl!, ...codes);
    return results;
  }

  /** The owner's products for an export, oldest first (an import of it adds them in that order). */
  async exportRows(caller: Caller): Promise<{ shopUrl: string; products: Product[] }> {
    const shop = await this.ownShop(caller);
    const rows = await this.products.allInShop(shop.id);
    return {
      shopUrl: shop.shopUrl!,
      products: rows.map((row) => toProduct(row, shop.shopUrl!, this.config.PUBLIC_URL)),
    };
  }

  /** The short codes of the shop among `codes` (an import's preview: which rows update). */
  async existingCodes(caller: Caller, codes: string[]): Promise<Set<string>> {
    const shop = await this.ownShop(caller);
    return new Set(codes.length ? await this.products.codesIn(shop.id, codes) : []);
  }

  private async insert(
    shop: ShopEntity,
    fieldValues: Partial<ProductEntity>,
    shortCode: string | undefined,
    manager: EntityManager,
  ): Promise<ProductEntity> {
    const values = { ...fieldValues, shopId: shop.id };
    if (shortCode) {
      try {
        return await this.products.insert({ ...values, shortCode }, manager);
      } catch (err) {
        if (isCodeTaken(err)) throw codeTaken();
        throw err;
      }
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A savepoint, so that a collision does not abort the surrounding transaction.
        return await manager.transaction((inner) =>
          this.products.insert({ ...values, shortCode: generateShortCode() }, inner),
        );
      } catch (err) {
        if (!isCodeTaken(err) || attempt >= SHORT_CODE_TRIES) throw err;
      }
    }
  }

  /** The free plan's limit; the plan is asked of auth-service only when the limit is reached. */
  private async checkLimit(caller: Caller, shop: ShopEntity, manager: EntityManager) {
    if ((await this.products.count(shop.id, manager)) < this.config.FREE_PRODUCT_LIMIT) return;
    if ((await this.planOf(caller)) !== 'premium')
      throw new ServiceError(ErrorCode.PRODUCT_LIMIT_EXCEEDED, ProductMessages.limitReached);
  }

  /** The plan is auth-service's: asked each time, so an upgrade counts at once. */
  private async planOf(caller: Caller): Promise<UserPlan> {
    const { plan } = await this.services.request<{ plan: UserPlan }>(Subjects.auth.userPlan, {
      userId: caller.userId,
    });
    return plan;
  }

  private async ownShop(caller: Caller): Promise<ShopEntity> {
    const shop = await this.shopsService.findByOwner(caller.userId);
    if (!shop?.shopUrl) throw noShopYet();
    return shop;
  }

  private async owned(caller: Caller, id: string) {
    const shop = await this.shopsService.findByOwner(caller.userId);
    const product = shop && isUuid(id) ? await this.products.findInShop(shop.id, id) : null;
    if (!shop?.shopUrl || !product) throw ServiceError.notFound(ProductMessages.notFound);
    return { shop, product };
  }
}
