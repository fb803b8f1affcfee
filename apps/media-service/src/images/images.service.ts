import { Inject, Injectable } from '@nestjs/common';
import {
  BlobKeys,
  ErrorCode,
  type ImageIngestRequest,
  type ImageVariant,
  type IncomingUpload,
  PRIMARY_BOXES,
  type ResizeOptions,
  SHARE_CARD_KINDS,
  UploadMessages,
  type UploadedImage,
  isUuid,
} from '@kartlink/contracts';
import {
  type BlobStore,
  CONFIG,
  LOGGER,
  type Logger,
  readBlob,
  ServiceError,
} from '@kartlink/server-kit';
import { randomUUID } from 'node:crypto';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import type { MediaConfig } from '../config';
import { ImageJobs } from '../processing/image-jobs';
import { ImageQueue } from '../processing/image-queue';
import { parseFailure, type PrimaryJob } from '../processing/jobs';
import type { StoredKind } from './image.entity';
import { toUploadedImage } from './image.mapper';
import { ImagesRepository } from './images.repository';
import { type AcceptedUpload, checkUpload, type UploadPolicy } from './intake/upload-checks';

const DEFAULT_QUALITY = 0.85;

/** An accepted upload with the bytes it was checked from, for its primary job. */
export interface CheckedUpload extends AcceptedUpload {
  bytes: Buffer;
}

/** What a caller asked for, on top of the accepted upload. */
export interface IntakeRequest {
  userId: string;
  kind: StoredKind;
  upload: IncomingUpload;
  resize?: ResizeOptions;
  metadata?: Record<string, unknown>;
  banner?: PrimaryJob['banner'];
}

@Injectable()
export class ImagesService {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly images: ImagesRepository,
    private readonly queue: ImageQueue,
    private readonly jobs: ImageJobs,
  ) {}

  get maxPixels(): number {
    return this.config.MEDIA_MAX_PIXELS;
  }

  /** POST /photos/*: check the upload, make its primary variant, answer its addresses. */
  async ingest(request: ImageIngestRequest): Promise<UploadedImage> {
    // A work slot freed while this upload is read and checked is kept for its primary job.
    const arrived = this.queue.arrival();
    try {
      const accepted = await this.check(request.upload, {
        allowed: ['jpeg', 'png', 'gif', 'webp'],
        maxPixels: this.config.MEDIA_MAX_PIXELS,
        minWidth: request.minWidth,
        minHeight: request.minHeight,
      });
      const id = await this.process(
        accepted,
        {
          userId: request.caller.userId,
          kind: request.kind,
          upload: request.upload,
          resize: request.resize,
          metadata: request.metadata,
        },
        arrived,
      );
      return toUploadedImage((await this.images.findById(id))!);
    } finally {
      arrived();
      await this.dropIncoming(request.upload);
    }
  }

  /** Reads an incoming upload and checks it from its name and bytes (upload-checks.ts). */
  async check(upload: IncomingUpload, policy: UploadPolicy): Promise<CheckedUpload> {
    const bytes = await readBlob(this.blobs, upload.key);
    if (!bytes) throw new ServiceError(ErrorCode.BAD_REQUEST, UploadMessages.notReceived);
    const facts = { filename: upload.filename, declaredType: upload.mimeType, bytes };
    return { ...checkUpload(facts, policy), bytes };
  }

  /**
   * Runs the primary job of an accepted upload and waits for it; answers the new image's id.
   * `arrived`: the upload's arrival on this replica (ImageQueue.arrival), ended once it runs.
   */
  async process(
    accepted: CheckedUpload,
    request: IntakeRequest,
    arrived?: () => void,
  ): Promise<string> {
    const imageId = randomUUID();
    const box = { ...PRIMARY_BOXES[request.kind], quality: DEFAULT_QUALITY, ...request.resize };
    try {
      await this.queue.processPrimary(
        {
          imageId,
          userId: request.userId,
          kind: request.kind,
          incomingKey: request.upload.key,
          type: accepted.type,
          originalFilename: request.upload.filename,
          box,
          ...(request.metadata ? { metadata: request.metadata } : {}),
          ...(request.banner ? { banner: request.banner } : {}),
        },
        this.config.MEDIA_PROCESS_TIMEOUT_MS,
        // The worker of this replica resizes these very bytes: no second read of the upload.
        accepted.bytes,
        arrived,
      );
    } catch (err) {
      throw this.jobFailure(err as Error, imageId);
    }
    return imageId;
  }

  /**
   * The medium variant and share card of an image uploaded before they were made
   * (Subjects.media.makeMissingVariants): its variants are made again when one is missing.
   */
  async makeMissingVariants(id: string): Promise<null> {
    const image = isUuid(id) ? await this.images.findById(id) : null;
    if (!image) return null;
    const expected: ImageVariant[] = SHARE_CARD_KINDS.includes(image.kind)
      ? ['medium', 'card']
      : ['medium'];
    const found = await Promise.all(
      expected.map((variant) => this.blobs.stat(BlobKeys.image(image.id, variant))),
    );
    if (found.some((info) => !info)) await this.queue.queueMissingVariants(image.id);
    return null;
  }

  /** DELETE /photos/{id}: the caller's own image; its blobs go first, then its row. */
  async remove(userId: string, id: string): Promise<null> {
    const image = isUuid(id)
      ? await this.images.findOwned(userId, id, ['product', 'profile', 'shop'])
      : null;
    if (!image) throw ServiceError.notFound(UploadMessages.imageNotFound);
    await this.jobs.discard(image.id);
    await this.images.remove(image.id);
    return null;
  }

  async dropIncoming(upload: IncomingUpload) {
    await this.blobs
      .delete(upload.key)
      .catch((err: unknown) =>
        this.logger.warn({ err, key: upload.key }, 'incoming upload not deleted'),
      );
  }

  private jobFailure(err: Error, imageId: string): ServiceError {
    const refused = parseFailure(err.message);
    if (refused && refused.code in ErrorCode)
      return new ServiceError(refused.code as ErrorCode, refused.message);
    if (/timed out/i.test(err.message)) {
      this.logger.warn({ imageId }, 'image not processed in time');
      return new ServiceError(
        ErrorCode.SERVICE_TIMEOUT,
        'The image is taking too long to process. Please try again in a moment.',
      );
    }
    this.logger.error({ err, imageId }, 'image processing failed');
    return new ServiceError(
      ErrorCode.SERVICE_UNAVAILABLE,
      'The image could not be stored right now. Please try again in a moment.',
    );
  }
}
