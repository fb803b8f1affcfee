import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  Events,
  type PublicProduct,
  type PublicShop,
  readProductListText,
  type ShopStats,
  type ShopWrite,
  type SitemapShop,
  type SitemapShopPages,
  Subjects,
} from '@kartlink/contracts';
import { LOGGER, type Logger, metrics } from '@kartlink/server-kit';
import { JSONCodec, type Subscription } from 'nats';
import { CompressibleBody } from '../http/compression';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { TapTokens } from '../store-routing/tap-tokens';
import { GATEWAY_CONFIG } from '../tokens';

const MAX_ENTRIES = 5000;

/** Entries about every shop at once (the sitemap index): any shop's change drops them. */
const SITE_WIDE = '';

/**
 * A cached answer: its data (the public pages' HTML is written from the entries the API
 * answers) and the whole answer serialised and encoded to bytes once (a 10,000-product list is
 * megabytes: sent as a string, each read would encode it again), compressed once per encoding
 * (CompressibleBody).
 */
export class CachedAnswer<T = unknown> extends CompressibleBody {
  private parsed?: { data: T };

  constructor(data: T);
  constructor(data: undefined, body: Buffer);
  constructor(data: T | undefined, body?: Buffer) {
    super(body ?? Buffer.from(JSON.stringify({ success: true, data })));
    if (!body) this.parsed = { data: data as T };
  }

  /** An answer made as bytes (`{"success":true,"data":…}`); its data is parsed if ever asked. */
  static ofBody<T>(body: Buffer): CachedAnswer<T> {
    return new CachedAnswer<T>(undefined, body);
  }

  get data(): T {
    this.parsed ??= JSON.parse(this.body.toString()) as { data: T };
    return this.parsed.data;
  }
}

interface Entry {
  answer: CachedAnswer;
  /** Past this, the entry is refreshed: still answered meanwhile (see read). */
  expires: number;
}

/**
 * The public reads a gateway replica has answered lately, kept in its own memory (bounded,
 * least recently used out first) so that a hot read never leaves the process. Every replica
 * listens to shop-service's change events and drops a shop's entries the moment it changes;
 * the replica that carried a write also drops them before answering it (read-your-writes).
 */
@Injectable()
export class PublicReadCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  /**
   * Loads under way, by key: concurrent misses of one read share one load (a large shop's list
   * is megabytes: ten visitors at once must not build it ten times).
   */
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  /** Bumped by each change of a shop, so that a read begun before it is not stored after it. */
  private readonly generations = new Map<string, number>();
  private subscription?: Subscription;

  private readonly escapesOff: string[];
  /** A safety net only (PUBLIC_READ_CACHE_MS): shop-service's change events clear entries at once. */
  private readonly ttlMs: number;

  constructor(
    private readonly services: ServiceClient,
    private readonly taps: TapTokens,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.escapesOff = config.IN_APP_ESCAPES_OFF.split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    this.ttlMs = config.PUBLIC_READ_CACHE_MS;
  }

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    const codec = JSONCodec<{ data?: { shopUrl?: string } }>();
    this.subscription = connection.subscribe(`${this.services.prefix}${Events.shopChanged}`, {
      callback: (err, message) => {
        if (err) return this.logger.warn({ err }, 'shop change events interrupted');
        // A message that is not the event's JSON is logged and skipped: thrown here, it would
        // close the subscription, and this replica would serve stale shops from then on.
        let shopUrl: string | undefined;
        try {
          shopUrl = codec.decode(message.data).data?.shopUrl;
        } catch (decodeErr) {
          return this.logger.warn(
            { err: decodeErr },
            'skipped a shop change event that is not JSON',
          );
        }
        if (shopUrl) this.forget(shopUrl);
      },
    });
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }

  /**
   * Runs an owner's write and forgets the shops it changed before answering, so that this
   * replica's next read shows the write (the others hear of it from shop-service's event).
   */
  async afterWrite<T>(write: () => Promise<ShopWrite<T>>): Promise<T> {
    const { result, changedShopUrls } = await write();
    for (const shopUrl of changedShopUrls) this.forget(shopUrl);
    return result;
  }

  /** GET /api/shop/{shopUrl}: a public shop. */
  shop(shopUrl: string) {
    return this.read(shopUrl, 'shop', () =>
      this.services.request<PublicShop>(Subjects.shop.publicShop, { shopUrl }),
    );
  }

  /**
   * GET /api/shop/{shopUrl}/urls: the products a public shop shows, all of them or a page
   * (`limit` of them after the product `after`). Each page is an entry of its own.
   */
  products(shopUrl: string, page?: { limit: number; after?: string }) {
    if (!page)
      return this.readAnswer<PublicProduct[]>(shopUrl, 'products', async () =>
        this.wholeList(
          shopUrl,
          await this.services.requestText(Subjects.shop.publicProductListText, { shopUrl }),
        ),
      );
    const key = `products:${page.limit}:${page.after ?? ''}`;
    return this.read(shopUrl, key, async () =>
      Promise.all(
        (
          await this.services.request<PublicProduct[]>(Subjects.shop.publicProducts, {
            shopUrl,
            page,
          })
        ).map((product) => this.withTapToken(shopUrl, product)),
      ),
    );
  }

  /**
   * A shop's whole list as visitors get it, made from shop-service's text (product-list-text.ts)
   * without parsing it: each product's object closed with the same fields withTapToken adds.
   */
  private async wholeList(shopUrl: string, text: string): Promise<CachedAnswer<PublicProduct[]>> {
    const { codes, ends, json } = readProductListText(text);
    const issue = await this.taps.issuer().catch((err: unknown) => {
      this.logger.warn({ err: (err as Error).message }, 'tap proof not issued');
      return undefined;
    });
    const escapes = `,"inAppEscapesOff":${JSON.stringify(this.escapesOff)}}`;
    const parts: string[] = ['{"success":true,"data":['];
    let start = 1;
    for (let i = 0; i < codes.length; i += 1) {
      const end = ends[i]!;
      if (json[end - 1] !== '}' || json[start] !== '{')
        throw new Error('a product list shop-service sent is not as product-list-text.ts says');
      if (i > 0) parts.push(',');
      parts.push(json.slice(start, end - 1));
      if (issue) parts.push(`,"tapToken":${JSON.stringify(issue(shopUrl, codes[i]!))}`);
      parts.push(escapes);
      start = end + 1;
    }
    parts.push(']}');
    return CachedAnswer.ofBody(Buffer.from(parts.join('')));
  }

  /** GET /api/shop/{shopUrl}/stats. */
  stats(shopUrl: string) {
    return this.read(shopUrl, 'stats', () =>
      this.services.request<ShopStats>(Subjects.shop.publicStats, { shopUrl }),
    );
  }

  /** GET /api/url/shop/{shopUrl}/{shortCode}: one product of a public shop. */
  product(shopUrl: string, shortCode: string) {
    return this.read(shopUrl, `product:${shortCode}`, async () =>
      this.withTapToken(
        shopUrl,
        await this.services.requestDirect<PublicProduct>(Subjects.shop.publicProduct, {
          shopUrl,
          shortCode,
        }),
      ),
    );
  }

  /**
   * A product as visitors get it from the gateway: with the store sheet's tap proof (valid 30
   * minutes; an entry lives PUBLIC_READ_CACHE_MS, a minute at most) and the in-app escapes switched
   * off. Without Redis (no shared key) the proof is left out: the sheet's links then count as
   * shared ones. wholeList adds the same fields to a whole list's text.
   */
  private async withTapToken(shopUrl: string, product: PublicProduct): Promise<PublicProduct> {
    const tapToken = await this.taps.issue(shopUrl, product.shortCode).catch((err: unknown) => {
      this.logger.warn({ err: (err as Error).message }, 'tap proof not issued');
      return undefined;
    });
    return {
      ...product,
      ...(tapToken ? { tapToken } : {}),
      inAppEscapesOff: this.escapesOff,
    };
  }

  /** The sitemap index: every public shop (dropped by any shop's change). */
  sitemap() {
    return this.read(SITE_WIDE, 'sitemap', () =>
      this.services.request<SitemapShop[]>(Subjects.shop.sitemapShops, {}),
    );
  }

  /** A public shop's sitemap: its page and the product pages it shows. */
  shopSitemap(shopUrl: string) {
    return this.read(shopUrl, 'sitemap', () =>
      this.services.request<SitemapShopPages>(Subjects.shop.sitemapShop, { shopUrl }),
    );
  }

  /**
   * The cached answer, or the one `load` gives (then kept, unless the shop changed meanwhile).
   * An entry past its TTL is still answered while one load refreshes it in the background: the
   * TTL is only a safety net for a change event this replica missed (a change it hears of drops
   * the entry at once, and the next read waits for the new answer), and a large shop's list
   * takes long enough to load that every visitor waiting on each refresh would feel it.
   */
  private read<T>(shopUrl: string, key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
    return this.readAnswer(shopUrl, key, async () => new CachedAnswer(await load()));
  }

  private async readAnswer<T>(
    shopUrl: string,
    key: string,
    load: () => Promise<CachedAnswer<T>>,
  ): Promise<CachedAnswer<T>> {
    const cacheKey = `${shopUrl}\u0000${key}`;
    const hit = this.entries.get(cacheKey);
    metrics.countCacheLookup('memory', hit !== undefined);
    if (hit) {
      // Re-inserted: a Map keeps insertion order, so the oldest entry is always first.
      this.entries.delete(cacheKey);
      this.entries.set(cacheKey, hit);
      // A refresh that fails (the shop gone private or missing meanwhile, unheard of) drops the
      // entry: the next read waits for its own answer, the error included.
      if (hit.expires <= Date.now())
        this.load(shopUrl, cacheKey, load).catch(() => {
          if (this.entries.get(cacheKey) === hit) this.entries.delete(cacheKey);
        });
      return hit.answer as CachedAnswer<T>;
    }
    return this.load(shopUrl, cacheKey, load);
  }

  /** One load of an entry at a time (per generation of its shop), kept when it comes back. */
  private load<T>(shopUrl: string, cacheKey: string, load: () => Promise<CachedAnswer<T>>) {
    const generation = this.generations.get(shopUrl) ?? 0;
    const loadKey = `${cacheKey}\u0000${generation}`;
    let loading = this.loading.get(loadKey) as Promise<CachedAnswer<T>> | undefined;
    if (!loading) {
      loading = load();
      this.loading.set(loadKey, loading);
      void loading.then(
        (answer) => {
          this.loading.delete(loadKey);
          if (this.ttlMs > 0 && (this.generations.get(shopUrl) ?? 0) === generation) {
            this.entries.delete(cacheKey);
            this.entries.set(cacheKey, { answer, expires: Date.now() + this.ttlMs });
            if (this.entries.size > MAX_ENTRIES)
              this.entries.delete(this.entries.keys().next().value!);
          }
        },
        () => this.loading.delete(loadKey),
      );
    }
    return loading;
  }

  /** Drops what this replica holds of a shop (its own writes call this before answering). */
  forget(shopUrl: string) {
    for (const url of [shopUrl, SITE_WIDE]) {
      this.generations.set(url, (this.generations.get(url) ?? 0) + 1);
      const prefix = `${url}\u0000`;
      for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    }
  }
}
