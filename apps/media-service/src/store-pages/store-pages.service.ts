import { Inject, Injectable } from '@nestjs/common';
import {
  BlobKeys,
  type CopyImageRequest,
  ErrorCode,
  IMAGE_LIMITS,
  normalizeStoreUrl,
  type StorePage,
  StorePageMessages,
  type StorePageRequest,
  type UploadedImage,
  vendorOf,
} from '@kartlink/contracts';
import {
  type BlobStore,
  CONFIG,
  fetchGuarded,
  type FetchedPage,
  hostList,
  LOGGER,
  type Logger,
  OutboundError,
  type OutboundPolicy,
  RedisRateLimiter,
  ServiceError,
} from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import type { MediaConfig } from '../config';
import { sniffImage } from '../images/intake/sniff';
import { ImagesService } from '../images/images.service';
import { REDIS } from '../redis.provider';
import { readStorePage, type StorePageFacts } from './store-page';

const MAX_REDIRECTS = 5;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** What a page said, as kept for its address (STORE_PAGE_CACHE_SECONDS). */
interface PageRead {
  url: string;
  facts: StorePageFacts;
  readAt: string;
}

const failureMessage: Record<OutboundError['failure'], string> = {
  'not-http': StorePageMessages.invalidUrl,
  'private-address': StorePageMessages.privateAddress,
  'too-many-redirects': StorePageMessages.tooManyRedirects,
  'timed-out': StorePageMessages.timedOut,
  'too-large': StorePageMessages.tooLarge,
  unreachable: StorePageMessages.unreachable,
};

/**
 * "Paste a store link, get the product": reads a store's product page server-side (outbound.ts:
 * http(s) only, private addresses refused on every redirect, 5 redirects, STORE_PAGE_MAX_BYTES
 * of HTML, STORE_PAGE_TIMEOUT_MS), keeps what it said for a day per address, and copies its
 * main image into Kartlink's storage through the normal upload checks, as the owner's product
 * image: the product keeps its picture when the store's image address changes.
 */
@Injectable()
export class StorePagesService {
  private readonly policy: OutboundPolicy;

  constructor(
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly limiter: RedisRateLimiter,
    private readonly images: ImagesService,
  ) {
    this.policy = {
      allowHosts: hostList(config.STORE_PAGE_ALLOW_HOSTS),
      userAgent: 'Mozilla/5.0 (compatible; KartlinkProductReader/1.0; +https://kartlink.in/bot)',
    };
  }

  async read({ caller, url, unpaced, refresh }: StorePageRequest): Promise<StorePage> {
    const address = typeof url === 'string' && url.length <= 2048 ? normalizeStoreUrl(url) : '';
    if (!address)
      throw new ServiceError(ErrorCode.VALIDATION_ERROR, StorePageMessages.invalidUrl, {
        errors: [{ path: 'url', msg: StorePageMessages.invalidUrl }],
      });
    if (!unpaced) await this.count(caller.userId);
    // A refresh reads the page again (and keeps the new read for the next ones): answering the
    // kept read would give the owner back the price and date they asked to renew.
    const read = (refresh ? undefined : await this.cached(address)) ?? (await this.fetch(address));
    const { image, currency, ...facts } = read.facts;
    const notes: string[] = [];
    if (currency) notes.push(StorePageMessages.priceInOtherCurrency(currency));
    // A refresh is about the price: the product keeps its pictures.
    const copied =
      image && !refresh ? await this.copyImage(caller.userId, image, notes) : undefined;
    return {
      url: read.url,
      store: vendorOf(read.url).vendor,
      ...facts,
      ...(facts.price !== undefined ? { priceReadAt: read.readAt } : {}),
      ...(copied ? { image: copied } : {}),
      notes,
    };
  }

  /** One read more for the owner; with Redis away the limit is not kept (documented: open). */
  private async count(userId: string) {
    const result = await this.limiter
      .hit(`store-pages:${userId}`, this.config.STORE_PAGE_READS_PER_MINUTE, 60_000)
      .catch(() => undefined);
    if (result && !result.allowed)
      throw new ServiceError(ErrorCode.RATE_LIMITED, StorePageMessages.tooFast, {
        retryAfterSeconds: Math.ceil(result.resetMs / 1000),
      });
  }

  private cacheKey(address: string) {
    return `store-pages:${createHash('sha256').update(address).digest('base64url')}`;
  }

  private async cached(address: string): Promise<PageRead | undefined> {
    if (this.config.STORE_PAGE_CACHE_SECONDS === 0) return undefined;
    const kept = await this.redis.get(this.cacheKey(address)).catch(() => null);
    return kept ? (JSON.parse(kept) as PageRead) : undefined;
  }

  private async fetch(address: string): Promise<PageRead> {
    let page: FetchedPage;
    try {
      page = await fetchGuarded(
        address,
        {
          maxRedirects: MAX_REDIRECTS,
          timeoutMs: this.config.STORE_PAGE_TIMEOUT_MS,
          maxBytes: this.config.STORE_PAGE_MAX_BYTES,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        },
        this.policy,
      );
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      this.logger.info({ failure: err.failure, reason: err.message }, 'store page not read');
      throw new ServiceError(ErrorCode.UNPROCESSABLE, failureMessage[err.failure]);
    }
    if (page.status < 200 || page.status >= 300)
      throw new ServiceError(ErrorCode.UNPROCESSABLE, StorePageMessages.answered(page.status));
    if (!HTML_TYPES.test(page.contentType))
      throw new ServiceError(ErrorCode.UNPROCESSABLE, StorePageMessages.notAPage);
    const facts = readStorePage(decodeHtml(page), page.url);
    if (Object.keys(facts).length === 0)
      throw new ServiceError(ErrorCode.UNPROCESSABLE, StorePageMessages.nothingFound);
    const read: PageRead = { url: page.url, facts, readAt: new Date().toISOString() };
    if (this.config.STORE_PAGE_CACHE_SECONDS > 0)
      await this.redis
        .set(
          this.cacheKey(address),
          JSON.stringify(read),
          'EX',
          this.config.STORE_PAGE_CACHE_SECONDS,
        )
        .catch(() => undefined);
    return read;
  }

  /**
   * The page's image, fetched under the same rules as the page and checked as an upload of the
   * owner's (5 MB, JPEG/PNG/GIF/WebP by its bytes); a refusal is a note, the rest still fills.
   */
  private async copyImage(
    userId: string,
    address: string,
    notes: string[],
  ): Promise<UploadedImage | undefined> {
    try {
      return await this.copy({ caller: { userId }, url: address });
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      notes.push(StorePageMessages.imageNotCopied(err.message));
      return undefined;
    }
  }

  /**
   * An image at an address (a store page's, a bulk import's image column) copied into the
   * owner's storage: fetched under the same rules as a page and checked as an upload of theirs
   * (5 MB, JPEG/PNG/GIF/WebP by its bytes). A refusal is a 422 saying why.
   */
  async copy({ caller, url }: CopyImageRequest): Promise<UploadedImage> {
    let bytes: Buffer;
    try {
      const address = new URL(url);
      if (address.protocol !== 'http:' && address.protocol !== 'https:') throw new Error();
    } catch {
      throw new ServiceError(ErrorCode.UNPROCESSABLE, StorePageMessages.invalidUrl);
    }
    try {
      const answer = await fetchGuarded(
        url,
        {
          maxRedirects: MAX_REDIRECTS,
          timeoutMs: this.config.STORE_PAGE_TIMEOUT_MS,
          maxBytes: IMAGE_LIMITS.maxBytes,
          accept: 'image/webp,image/jpeg,image/png,image/*;q=0.8',
        },
        this.policy,
      );
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`the store answered ${answer.status}`);
      bytes = answer.body;
    } catch (err) {
      const reason =
        err instanceof OutboundError ? failureMessage[err.failure] : (err as Error).message;
      throw new ServiceError(ErrorCode.UNPROCESSABLE, reason);
    }
    // Named by what its bytes are: the store's address says nothing the checks can trust.
    const sniffed = sniffImage(bytes);
    const type = sniffed.kind === 'image' ? sniffed.type : 'jpg';
    const key = BlobKeys.incoming(randomUUID());
    await this.blobs.put(key, bytes, { contentType: 'application/octet-stream' });
    return this.images.ingest({
      caller,
      upload: {
        key,
        filename: `store-image.${type === 'jpeg' ? 'jpg' : type}`,
        mimeType: sniffed.kind === 'image' ? `image/${sniffed.type}` : 'application/octet-stream',
        size: bytes.length,
      },
      kind: 'product',
    });
  }
}

/** The page's text in the charset its answer or its meta tag names (UTF-8 when neither). */
function decodeHtml(page: FetchedPage): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(page.contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(page.body.toString('latin1', 0, 2048))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(page.body);
  } catch {
    return page.body.toString('utf8');
  }
}
