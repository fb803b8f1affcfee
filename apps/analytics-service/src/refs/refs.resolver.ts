import { Inject, Injectable } from '@nestjs/common';
import {
  type AnalyticsResolveAnswer,
  type AnalyticsResolveRequest,
  ErrorCode,
  type ProductRef,
  type PublicProduct,
  type ShopRef,
  Subjects,
} from '@kartlink/contracts';
import { Lru, NatsRequester, ServiceError } from '@kartlink/server-kit';
import { type ChangesMark, ShopChanges } from './shop-changes';

const MAX_ENTRIES = 20_000;
/**
 * Products asked at most in an answer that surely fits one message (a few hundred bytes each),
 * asked over the connection's shared reply subscription; more are asked as a stream of pieces.
 */
const DIRECT_PRODUCTS = 500;
/** A shop or product that exists is remembered this long (a shop's URL may change hands). */
const FOUND_TTL_MS = 60_000;
/** One that does not, only briefly: it may be created in a moment. */
const MISSING_TTL_MS = 10_000;

type Found<T> = { ref: T | null };

/** shop-service's answers for a product page nobody can see: no such page, or a private shop. */
const PAGE_GONE = new Set<string>([
  ErrorCode.NOT_FOUND,
  ErrorCode.FORBIDDEN,
  ErrorCode.VALIDATION_ERROR,
]);

/**
 * Which shop and owner an event belongs to, asked of shop-service (one request for a whole
 * batch) and remembered in a bounded in-process cache.
 */
@Injectable()
export class RefsResolver {
  private readonly shops = new Lru<string, Found<ShopRef>>(MAX_ENTRIES);
  private readonly products = new Lru<string, Found<ProductRef>>(MAX_ENTRIES);
  /** "{shopUrl}/{shortCode}" of a product page → the product's id. */
  private readonly pages = new Lru<string, Found<string>>(MAX_ENTRIES);
  /** Each owner's shop as found, and where the shops' changes stood before it was asked. */
  private readonly owners = new Lru<string, { shop: ShopRef; mark: ChangesMark }>(MAX_ENTRIES);

  constructor(
    @Inject(NatsRequester) private readonly services: NatsRequester,
    private readonly shopChanges: ShopChanges,
  ) {}

  /** The shops and products named, each found or null; one request for those not cached. */
  async resolve(shopUrls: Iterable<string>, productIds: Iterable<string>) {
    const wantedShops = [...new Set(shopUrls)];
    const wantedProducts = [...new Set(productIds)];
    const askShops = wantedShops.filter((url) => !this.shops.has(url));
    const askProducts = wantedProducts.filter((id) => !this.products.has(id));
    if (askShops.length > 0 || askProducts.length > 0) {
      const answer = await this.ask({ shopUrls: askShops, productIds: askProducts });
      const shops = new Map(answer.shops.map((s) => [s.shopUrl, s]));
      const products = new Map(answer.products.map((p) => [p.productId, p]));
      for (const url of askShops) this.remember(this.shops, url, shops.get(url));
      for (const id of askProducts) this.remember(this.products, id, products.get(id));
    }
    return {
      shops: new Map(wantedShops.map((url) => [url, this.shops.get(url)?.ref ?? null])),
      products: new Map(wantedProducts.map((id) => [id, this.products.get(id)?.ref ?? null])),
    };
  }

  /**
   * The products of product pages ("{shopUrl}/{shortCode}"), each found or null: asked of
   * shop-service as the public product page asks (one request a page not cached, at once). A
   * page that does not exist (any more) is null; shop-service away throws, so the batch waits.
   */
  async productPages(pages: Iterable<string>): Promise<Map<string, string | null>> {
    const wanted = [...new Set(pages)];
    await Promise.all(
      wanted
        .filter((page) => !this.pages.has(page))
        .map(async (page) => {
          const [shopUrl, shortCode] = page.split('/');
          try {
            const product = await this.services.request<PublicProduct>(
              Subjects.shop.publicProduct,
              { shopUrl, shortCode },
            );
            this.remember(this.pages, page, product.id);
          } catch (err) {
            if (!(err instanceof ServiceError) || !PAGE_GONE.has(err.code)) throw err;
            this.remember(this.pages, page, undefined);
          }
        }),
    );
    return new Map(wanted.map((page) => [page, this.pages.get(page)?.ref ?? null]));
  }

  /**
   * The owner's shop, remembered while shop-service announces no change of it (ShopChanges: its
   * deletion and a new address are changes) and FOUND_TTL_MS at most, so that an owner's read
   * asks no other service; an owner without a shop is asked every time (a new shop is seen at
   * once). Where the changes stood is read before asking: a change heard meanwhile counts.
   */
  async shopOfOwner(userId: string): Promise<ShopRef | undefined> {
    const known = this.owners.get(userId);
    if (known && this.shopChanges.unchangedSince(known.shop.shopUrl, known.mark)) return known.shop;
    const mark = this.shopChanges.mark();
    const [shop] = (await this.ask({ ownerUserIds: [userId] })).shops;
    if (shop) this.owners.set(userId, { shop, mark }, FOUND_TTL_MS);
    return shop;
  }

  /** Products as they are now (titles for the reports); missing ones are left out. */
  async productsNow(productIds: string[]): Promise<Map<string, ProductRef>> {
    if (productIds.length === 0) return new Map();
    const { products } = await this.ask({ productIds });
    return new Map(products.map((p) => [p.productId, p]));
  }

  private ask(request: AnalyticsResolveRequest): Promise<AnalyticsResolveAnswer> {
    const small =
      (request.productIds?.length ?? 0) <= DIRECT_PRODUCTS &&
      (request.shopUrls?.length ?? 0) + (request.ownerUserIds?.length ?? 0) <= DIRECT_PRODUCTS;
    return small
      ? this.services.requestDirect<AnalyticsResolveAnswer>(Subjects.shop.analyticsResolve, request)
      : this.services.request<AnalyticsResolveAnswer>(Subjects.shop.analyticsResolve, request);
  }

  private remember<T>(cache: Lru<string, Found<T>>, key: string, ref: T | undefined) {
    cache.set(key, { ref: ref ?? null }, ref ? FOUND_TTL_MS : MISSING_TTL_MS);
  }
}
