import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BlobKeys,
  ErrorCode,
  IMAGE_VARIANTS,
  type ImageVariant,
  SHARE_CARD_KINDS,
  UploadMessages,
} from '@kartlink/contracts';
import { type BlobStore, CONFIG, LOGGER, type Logger, readBlob } from '@kartlink/server-kit';
import { UnrecoverableError } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { BannerEvents } from '../banners/banner-events';
import { BannersRepository } from '../banners/banners.repository';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import type { MediaConfig } from '../config';
import type { ImageVariants } from '../images/image.entity';
import { ImagesRepository } from '../images/images.repository';
import type { ImageType } from '../images/intake/sniff';
import {
  type Encoded,
  makeCard,
  makeMedium,
  makePrimary,
  makeThumbnail,
  makeWebp,
  UndecodableImage,
} from './image-pipeline';
import { failureReason, type PrimaryJob, type VariantsJob } from './jobs';

const TYPE_OF: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * What the workers do. Every step can be cut short by a crash and run again: blobs are written
 * before the rows that point at them, rows are inserted only once, and a retry of a finished
 * job finds its row and stops.
 */
@Injectable()
export class ImageJobs {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: ImagesRepository,
    private readonly banners: BannersRepository,
    private readonly bannerEvents: BannerEvents,
  ) {}

  /** `upload`: the incoming blob's bytes when this replica read them already (ImageQueue). */
  async primary(job: PrimaryJob, finalAttempt: boolean, upload?: Buffer): Promise<void> {
    if (await this.images.findById(job.imageId)) {
      // A retry after the commit: only the clean-up and the announcement may be left.
      await this.blobs.delete(job.incomingKey);
      if (job.banner) await this.bannerEvents.announce(job.userId);
      return;
    }
    try {
      const input = upload ?? (await readBlob(this.blobs, job.incomingKey));
      if (!input)
        throw new UnrecoverableError(
          failureReason(ErrorCode.BAD_REQUEST, UploadMessages.notReceived),
        );
      await this.testDelay();
      const encoded = await makePrimary(input, job.type, {
        ...job.box,
        maxPixels: this.config.MEDIA_MAX_PIXELS,
      }).catch((err: unknown) => {
        if (err instanceof UndecodableImage) {
          this.logger.info({ imageId: job.imageId, reason: err.message }, 'image not decodable');
          throw new UnrecoverableError(
            failureReason(ErrorCode.UNPROCESSABLE_IMAGE, UploadMessages.unprocessable),
          );
        }
        throw err;
      });
      const stored = await this.blobs.put(BlobKeys.image(job.imageId, 'primary'), encoded.data, {
        contentType: encoded.contentType,
        metadata: { kind: job.kind },
      });
      await this.dataSource.transaction(async (manager) => {
        await this.images.insert(
          {
            id: job.imageId,
            userId: job.userId,
            kind: job.kind,
            contentType: encoded.contentType,
            width: encoded.width,
            height: encoded.height,
            bytes: stored.size,
            digest: stored.digest,
            variants: {},
            originalFilename: job.originalFilename.slice(0, 255),
            metadata: job.metadata ?? null,
          },
          manager,
        );
        if (job.banner) {
          await this.banners.bump(job.userId, manager);
          await this.banners.insert(
            { id: job.imageId, userId: job.userId, ...job.banner },
            manager,
          );
          await this.banners.renumber(job.userId, manager, {
            id: job.imageId,
            position: job.banner.order,
          });
        }
      });
    } catch (err) {
      // The last try, or one that can never succeed: nothing of the upload may stay behind.
      if (err instanceof UnrecoverableError || finalAttempt) {
        await this.discard(job.imageId);
        await this.blobs.delete(job.incomingKey).catch(() => undefined);
      }
      throw err;
    }
    await this.blobs.delete(job.incomingKey);
    if (job.banner) await this.bannerEvents.announce(job.userId);
  }

  async variants(job: VariantsJob): Promise<void> {
    const image = await this.images.findById(job.imageId);
    if (!image) return;
    const primary = await readBlob(this.blobs, BlobKeys.image(image.id, 'primary'));
    const type = TYPE_OF[image.contentType];
    if (!primary || !type) return;
    const maxPixels = this.config.MEDIA_MAX_PIXELS;
    const variants: ImageVariants = {};
    const written: ImageVariant[] = [];
    const store = async (variant: ImageVariant, encoded: Encoded) => {
      await this.blobs.put(BlobKeys.image(image.id, variant), encoded.data, {
        contentType: encoded.contentType,
        metadata: { kind: image.kind },
      });
      written.push(variant);
      return facts(encoded);
    };
    /** A WebP copy is kept only when it saves bytes; otherwise every browser gets the original. */
    const webpOf = async (source: Buffer) => {
      if (type !== 'jpeg' && type !== 'png') return undefined;
      const webp = await makeWebp(source, type, maxPixels);
      return webp.data.length < source.length ? webp : undefined;
    };
    try {
      variants.thumbnail = await store('thumbnail', await makeThumbnail(primary, type, maxPixels));
      // What a phone shows the large pictures of shop and product pages at (srcset).
      const medium = await makeMedium(primary, type, maxPixels);
      // Its WebP copy goes first: the gateway serves the medium variant for a year as soon as it
      // is there, to WebP browsers as that copy when it exists.
      const mediumWebp = await webpOf(medium.data);
      if (mediumWebp) variants.mediumWebp = await store('medium-webp', mediumWebp);
      variants.medium = await store('medium', medium);
      const webp = await webpOf(primary);
      if (webp) variants.webp = await store('webp', webp);
      // The link-preview picture of a shop or product page (share-card.ts in contracts).
      if (SHARE_CARD_KINDS.includes(image.kind))
        variants.card = await store('card', await makeCard(primary, maxPixels));
    } catch (err) {
      if (err instanceof UndecodableImage) throw new UnrecoverableError(err.message);
      throw err;
    }
    // Deleted meanwhile: what was just written goes too.
    if (!(await this.images.setVariants(image.id, variants)))
      await Promise.all(written.map((v) => this.blobs.delete(BlobKeys.image(image.id, v))));
  }

  /** Every blob an image may have, for a refused upload or a deleted image. */
  async discard(imageId: string): Promise<void> {
    await Promise.all(IMAGE_VARIANTS.map((v) => this.blobs.delete(BlobKeys.image(imageId, v))));
  }

  private async testDelay() {
    if (this.config.MEDIA_TEST_DELAY_MS > 0 && this.config.NODE_ENV !== 'production')
      await sleep(this.config.MEDIA_TEST_DELAY_MS);
  }
}

const facts = (encoded: Encoded) => ({
  contentType: encoded.contentType,
  bytes: encoded.data.length,
  width: encoded.width,
  height: encoded.height,
});
