import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  BlobKeys,
  type ImageVariant,
  type StoredImageKind,
  UploadMessages,
  isUuid,
} from '@kartlink/contracts';
import { type BlobInfo, type BlobStore, etagOf, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathParams, type RouteSchema } from '../http/route-schema';
import { BLOB_STORE } from './blob-store.provider';

/** An image id names one upload, whose bytes never change: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The full image standing in for a thumbnail not made yet: asked again soon. */
const STAND_IN = 'public, max-age=60';

const PHOTO_KINDS: readonly StoredImageKind[] = ['profile', 'shop'];

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

/**
 * The public image reads, registered on Fastify itself like the other visitor reads. The blob
 * key follows from the id, and the blob's own metadata says its type, kind and digest: a read
 * costs no database query and no service request. Errors go through the one error mapping.
 */
export function registerImageRoutes(app: NestFastifyApplication) {
  const blobs = app.get<BlobStore>(BLOB_STORE);
  const fastify = app.getHttpAdapter().getInstance();

  /** The blob to serve: the variant asked, else (a thumbnail not made yet) the primary one. */
  async function find(id: string, variant: ImageVariant, kinds: readonly StoredImageKind[]) {
    if (isUuid(id)) {
      const wanted = await blobs.stat(BlobKeys.image(id, variant));
      const info =
        wanted ??
        (variant === 'thumbnail' ? await blobs.stat(BlobKeys.image(id, 'primary')) : null);
      if (info && kinds.includes(info.metadata.kind as StoredImageKind))
        return { info, standIn: !wanted };
    }
    throw ServiceError.notFound(UploadMessages.imageNotFound);
  }

  /** A JPEG or PNG goes out as WebP to browsers that take it, when that copy is smaller. */
  async function negotiate(request: FastifyRequest, id: string, primary: BlobInfo) {
    if (primary.contentType !== 'image/jpeg' && primary.contentType !== 'image/png') return primary;
    if (!/\bimage\/webp\b/.test(request.headers.accept ?? '')) return primary;
    return (await blobs.stat(BlobKeys.image(id, 'webp'))) ?? primary;
  }

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    variant: ImageVariant,
    kinds: readonly StoredImageKind[],
  ) {
    const found = await find(id, variant, kinds);
    let info = found.info;
    const negotiable =
      variant === 'primary' &&
      (info.contentType === 'image/jpeg' || info.contentType === 'image/png');
    if (negotiable) info = await negotiate(request, id, info);
    const etag = etagOf(info);
    void reply
      .header('cache-control', found.standIn ? STAND_IN : IMMUTABLE)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      // Opened on its own, an image runs nothing, whatever its bytes might look like.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin');
    if (negotiable) void reply.header('vary', 'Accept');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const blob = await blobs.get(info.key);
    if (!blob) throw ServiceError.notFound(UploadMessages.imageNotFound);
    return reply
      .type(blob.info.contentType)
      .header('content-length', blob.info.size)
      .send(blob.stream);
  }

  type ById = { Params: { id: string } };
  fastify.get<ById>('/api/shop/product-images/:id', { schema: PRODUCT_IMAGE }, (request, reply) =>
    serve(request, reply, request.params.id, 'primary', ['product']),
  );
  fastify.get<ById>(
    '/api/shop/product-images/:id/thumbnail',
    { schema: PRODUCT_THUMBNAIL },
    (request, reply) => serve(request, reply, request.params.id, 'thumbnail', ['product']),
  );
  // /api/photos/{id}.{extension}, the address an upload answers (the id alone works too).
  fastify.get<ById>('/api/photos/:id', { schema: PHOTO }, (request, reply) =>
    serve(request, reply, request.params.id.replace(/\.[a-z]{3,4}$/i, ''), 'primary', PHOTO_KINDS),
  );
  fastify.get<ById>('/api/photos/:id/thumbnail', { schema: PHOTO_THUMBNAIL }, (request, reply) =>
    serve(request, reply, request.params.id, 'thumbnail', PHOTO_KINDS),
  );
  fastify.get<ById>('/api/banners/:id', { schema: BANNER }, (request, reply) =>
    serve(request, reply, request.params.id, 'primary', ['banner']),
  );
}

/** If-None-Match: one tag, a list, weak tags, or "*". */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
