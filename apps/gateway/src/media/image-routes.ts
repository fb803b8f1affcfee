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
import { etagMatches } from '../http/etag';
import { BLOB_STORE } from './blob-store.provider';

/** An image id names one upload, whose bytes never change: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The full image standing in for a thumbnail not made yet: asked again soon. */
const STAND_IN = 'public, max-age=60';

const PHOTO_KINDS: readonly StoredImageKind[] = ['profile', 'shop'];

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
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const blob = await blobs.get(info.key);
    if (!blob) throw ServiceError.notFound(UploadMessages.imageNotFound);
    return reply
      .type(blob.info.contentType)
      .header('content-length', blob.info.size)
      .send(blob.stream);
  }

  type ById = { Params: { id: string } };
  fastify.get<ById>('/api/shop/product-images/:id', (request, reply) =>
    serve(request, reply, request.params.id, 'primary', ['product']),
  );
  fastify.get<ById>('/api/shop/product-images/:id/thumbnail', (request, reply) =>
    serve(request, reply, request.params.id, 'thumbnail', ['product']),
  );
  // /api/photos/{id}.{extension}, the address an upload answers (the id alone works too).
  fastify.get<ById>('/api/photos/:id', (request, reply) =>
    serve(request, reply, request.params.id.replace(/\.[a-z]{3,4}$/i, ''), 'primary', PHOTO_KINDS),
  );
  fastify.get<ById>('/api/photos/:id/thumbnail', (request, reply) =>
    serve(request, reply, request.params.id, 'thumbnail', PHOTO_KINDS),
  );
  fastify.get<ById>('/api/banners/:id', (request, reply) =>
    serve(request, reply, request.params.id, 'primary', ['banner']),
  );
}
