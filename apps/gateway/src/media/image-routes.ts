import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  BlobKeys,
  type DefaultCardAnswer,
  ErrorCode,
  type ImageVariant,
  normalizeShopUrl,
  type PublicShop,
  SHARE_CARD_KINDS,
  ShopMessages,
  type StoredImageKind,
  Subjects,
  UploadMessages,
  isUuid,
  VARIANT_WIDTHS,
} from '@kartlink/contracts';
import { type BlobInfo, type BlobStore, etagOf, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../http/etag';
import { pathParams, type RouteSchema } from '../http/route-schema';
import { PublicReadCache } from '../public/public-read-cache';
import { ServiceClient } from '../services/service-client';
import { BLOB_STORE } from './blob-store.provider';

/** An image id names one upload, whose bytes never change: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The full image standing in for a thumbnail or card not made yet: asked again soon. */
const STAND_IN = 'public, max-age=60';
/**
 * A shop's default card follows its name, under one address: crawlers keep it a day. The page
 * head links it with ?v=<name hash> (defaultShareCardPath), so a renamed shop's card is new.
 */
const DEFAULT_CARD = 'public, max-age=86400';
/** Default cards whose blob key this replica knows, by shop URL and name (bounded). */
const MAX_KNOWN_CARDS = 2000;

const PHOTO_KINDS: readonly StoredImageKind[] = ['profile', 'shop'];

/** What a route asks for; the WebP copies are chosen by Accept, never asked for by address. */
type ServedVariant = Exclude<ImageVariant, 'webp' | 'medium-webp'>;

/**
 * The WebP copy a browser that takes WebP gets instead: the primary and medium variants of a
 * JPEG or PNG have one, and a primary standing in for a medium variant offers its own.
 */
function webpOf(variant: ServedVariant, standIn: boolean): ImageVariant | undefined {
  if (variant === 'medium' && !standIn) return 'medium-webp';
  return variant === 'primary' || variant === 'medium' ? 'webp' : undefined;
}

const served = {
  200: {
    description:
      'The image bytes, with Content-Type, ETag and Cache-Control: public, max-age=31536000, immutable',
  },
  304: { description: 'If-None-Match named the current ETag' },
  404: { description: 'No such image, or it was deleted' },
};
// Any text is looked up: an id that is no image's answers 404, as a deleted one does.
const image = (tag: string, summary: string, id = 'the image id'): RouteSchema => ({
  tags: [tag],
  summary,
  params: pathParams({ id: { description: id } }),
  response: served,
});
const PRODUCT_IMAGE = image(
  'images',
  'A product image (WebP when the browser accepts it and it is smaller)',
);
const PRODUCT_THUMBNAIL = image(
  'images',
  'A product image at most 320 px; the full image (max-age 60) until it is made',
);
const PHOTO = image(
  'images',
  'A shop or profile photo, by the address its upload answered ({id}.{extension})',
  'the image id, with or without its extension',
);
const PHOTO_THUMBNAIL = image('images', 'A shop or profile photo at most 320 px');
const BANNER = image('banners', 'A banner image, used as its address');
// The phone-sized variants the public pages offer in srcset (mediumOf in contracts).
const MEDIUM = `at most ${VARIANT_WIDTHS.medium} px wide (WebP when the browser accepts it and it is smaller); the full image (max-age 60) until it is made`;
const PRODUCT_MEDIUM = image('images', `A product image ${MEDIUM}`);
const PHOTO_MEDIUM = image('images', `A shop or profile photo ${MEDIUM}`);
const BANNER_MEDIUM = image('banners', `A banner image ${MEDIUM}`);

const PRODUCT_CARD = image(
  'images',
  'The 1200×630 JPEG share card (og:image) of a product image; the image itself (max-age 60) until it is made',
);
const PHOTO_CARD = image(
  'images',
  'The 1200×630 JPEG share card (og:image) of a shop photo; the photo itself (max-age 60) until it is made',
);
const SHOP_CARD: RouteSchema = {
  tags: ['public'],
  summary: "A public shop's default 1200×630 JPEG share card: its name on the brand's colours",
  params: pathParams({ shopUrl: { description: 'the shop URL' } }),
  querystring: {
    type: 'object',
    properties: {
      v: {
        type: 'string',
        description: 'follows the name, so a new name is a new address; ignored',
      },
    },
  },
  response: {
    200: { description: 'The card, with ETag and Cache-Control: public, max-age=86400' },
    304: served[304],
    404: { description: 'No such shop, or it is private' },
  },
};

/**
 * The public image reads, registered on Fastify itself like the other visitor reads. The blob
 * key follows from the id, and the blob's own metadata says its type, kind and digest: a read
 * costs no database query and no service request. Errors go through the one error mapping.
 */
export function registerImageRoutes(app: NestFastifyApplication) {
  const blobs = app.get<BlobStore>(BLOB_STORE);
  const services = app.get(ServiceClient);
  const publicReads = app.get(PublicReadCache);
  const fastify = app.getHttpAdapter().getInstance();

  /**
   * The blob to serve: the variant asked, else (a thumbnail, medium or card not made yet, as for
   * an image uploaded before cards or medium variants existed) the primary one.
   */
  async function find(id: string, variant: ServedVariant, kinds: readonly StoredImageKind[]) {
    if (isUuid(id)) {
      const wanted = await blobs.stat(BlobKeys.image(id, variant));
      const info =
        wanted ?? (variant !== 'primary' ? await blobs.stat(BlobKeys.image(id, 'primary')) : null);
      if (info && kinds.includes(info.metadata.kind as StoredImageKind)) {
        // An image from before share cards or medium variants: media-service makes them for the
        // next visitor.
        const kind = info.metadata.kind as StoredImageKind;
        if (
          !wanted &&
          (variant === 'medium' || (variant === 'card' && SHARE_CARD_KINDS.includes(kind)))
        )
          void services.request(Subjects.media.makeMissingVariants, { id }).catch(() => undefined);
        return { info, standIn: !wanted };
      }
    }
    throw ServiceError.notFound(UploadMessages.imageNotFound);
  }

  /**
   * A JPEG or PNG primary or medium variant goes out as its WebP copy to browsers that take it,
   * when that copy exists (it is kept only when smaller).
   */
  async function negotiate(
    request: FastifyRequest,
    id: string,
    served: BlobInfo,
    webp: ImageVariant,
  ) {
    if (!/\bimage\/webp\b/.test(request.headers.accept ?? '')) return served;
    return (await blobs.stat(BlobKeys.image(id, webp))) ?? served;
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    variant: ServedVariant,
    kinds: readonly StoredImageKind[],
  ) {
    const found = await find(id, variant, kinds);
    let info = found.info;
    const webp = webpOf(variant, found.standIn);
    const negotiable =
      webp !== undefined && (info.contentType === 'image/jpeg' || info.contentType === 'image/png');
    if (negotiable) info = await negotiate(request, id, info, webp);
    if (negotiable) void reply.header('vary', 'Accept');
    return send(request, reply, info, found.standIn ? STAND_IN : IMMUTABLE);
  }

  /** A stored blob, with its validator and the headers every served image carries. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    info: BlobInfo,
    cacheControl: string,
  ) {
    const etag = etagOf(info);
    void reply.header('cache-control', cacheControl).header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const blob = await blobs.get(info.key);
    if (!blob) throw ServiceError.notFound(UploadMessages.imageNotFound);
    return reply
      .type(blob.info.contentType)
      .header('content-length', blob.info.size)
      .send(blob.stream);
  }

  type ById = { Params: { id: string } };
  fastify.get<ById>(
    '/api/shop/product-images/:id',
    { schema: PRODUCT_IMAGE, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'primary', ['product']),
  );
  fastify.get<ById>(
    '/api/shop/product-images/:id/thumbnail',
    { schema: PRODUCT_THUMBNAIL, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'thumbnail', ['product']),
  );
  // /api/photos/{id}.{extension}, the address an upload answers (the id alone works too).
  fastify.get<ById>(
    '/api/photos/:id',
    { schema: PHOTO, config: { securityHeaders: 'image' } },
    (request, reply) =>
      serve(
        request,
        reply,
        request.params.id.replace(/\.[a-z]{3,4}$/i, ''),
        'primary',
        PHOTO_KINDS,
      ),
  );
  fastify.get<ById>(
    '/api/photos/:id/thumbnail',
    { schema: PHOTO_THUMBNAIL, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'thumbnail', PHOTO_KINDS),
  );
  // The phone-sized variants, offered in the public pages' srcset.
  fastify.get<ById>(
    '/api/shop/product-images/:id/medium',
    { schema: PRODUCT_MEDIUM, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'medium', ['product']),
  );
  fastify.get<ById>(
    '/api/photos/:id/medium',
    { schema: PHOTO_MEDIUM, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'medium', PHOTO_KINDS),
  );
  // The 1200×630 share cards (og:image) of product images and shop photos.
  fastify.get<ById>(
    '/api/shop/product-images/:id/card',
    { schema: PRODUCT_CARD, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'card', ['product']),
  );
  fastify.get<ById>(
    '/api/photos/:id/card',
    { schema: PHOTO_CARD, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'card', PHOTO_KINDS),
  );

  /** The public shop as visitors read it (the same cache); a private shop is as unknown. */
  async function publicShop(shopUrl: string): Promise<PublicShop> {
    try {
      return (await publicReads.shop(shopUrl)).data;
    } catch (err) {
      if (err instanceof ServiceError && err.code === ErrorCode.FORBIDDEN)
        throw ServiceError.notFound(ShopMessages.notFound);
      throw err;
    }
  }

  const knownCards = new Map<string, string>();
  /** The stored default card of a shop: media-service draws it the first time it is asked. */
  async function defaultCard(shop: PublicShop): Promise<BlobInfo> {
    const memo = `${shop.shopUrl}\u0000${shop.shopName}`;
    const known = knownCards.get(memo);
    const info = known ? await blobs.stat(known) : null;
    if (info) return info;
    const { key } = await services.request<DefaultCardAnswer>(Subjects.media.defaultCard, {
      shopName: shop.shopName,
      shopUrl: shop.shopUrl,
    });
    const stored = await blobs.stat(key);
    if (!stored) throw ServiceError.internal();
    knownCards.delete(memo);
    knownCards.set(memo, key);
    if (knownCards.size > MAX_KNOWN_CARDS) knownCards.delete(knownCards.keys().next().value!);
    return stored;
  }

  // A shop without a picture: its name on the brand's card. Only for a public shop.
  fastify.get<{ Params: { shopUrl: string } }>(
    '/api/shop/:shopUrl/card',
    { schema: SHOP_CARD, config: { securityHeaders: 'image' } },
    async (request, reply) => {
      const shop = await publicShop(normalizeShopUrl(request.params.shopUrl));
      return send(request, reply, await defaultCard(shop), DEFAULT_CARD);
    },
  );

  fastify.get<ById>(
    '/api/banners/:id',
    { schema: BANNER, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'primary', ['banner']),
  );
  fastify.get<ById>(
    '/api/banners/:id/medium',
    { schema: BANNER_MEDIUM, config: { securityHeaders: 'image' } },
    (request, reply) => serve(request, reply, request.params.id, 'medium', ['banner']),
  );
}
