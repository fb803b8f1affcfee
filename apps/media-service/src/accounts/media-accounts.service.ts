import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  accountImageFile,
  BlobKeys,
  type Caller,
  type MediaExport,
  type RemovedCounts,
  type UserDeleted,
} from '@kartlink/contracts';
import { type BlobStore, LOGGER, type Logger } from '@kartlink/server-kit';
import type { DataSource } from 'typeorm';
import { BannerEntity, BannerSettingsEntity } from '../banners/banner.entity';
import { toBannerList } from '../banners/banner.mapper';
import { BannersRepository } from '../banners/banners.repository';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import { defaultCardDigest } from '../cards/default-card';
import { ImageEntity } from '../images/image.entity';
import { ImageJobs } from '../processing/image-jobs';

/** An owner's images and banners as a whole: exported, or deleted with their account. */
@Injectable()
export class MediaAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly banners: BannersRepository,
    private readonly jobs: ImageJobs,
  ) {}

  async export(caller: Caller): Promise<MediaExport> {
    const [settings, banners, images] = await Promise.all([
      this.banners.findSettings(caller.userId),
      this.banners.list(caller.userId),
      this.ownImages(caller.userId),
    ]);
    return {
      banners: toBannerList(settings, banners),
      images: images.map((image) => ({
        id: image.id,
        kind: image.kind,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        originalFilename: image.originalFilename,
        createdAt: image.createdAt.toISOString(),
        key: BlobKeys.image(image.id, 'primary'),
        file: accountImageFile(image.id, image.contentType),
      })),
    };
  }

  /**
   * Deletes every blob of the owner's images (each variant), then their rows, banners and banner
   * settings, and the shop's default share card. Blobs go first: if this stops half-way, the
   * rows are still there for the redelivered event to find. Applied again, it finds nothing.
   */
  async applyUserDeleted(event: UserDeleted): Promise<RemovedCounts> {
    const images = await this.ownImages(event.userId);
    for (const image of images) await this.jobs.discard(image.id);
    const { shop } = event;
    if (shop?.shopName && shop.shopUrl)
      await this.blobs.delete(BlobKeys.defaultCard(defaultCardDigest(shop.shopName, shop.shopUrl)));
    const removed = await this.dataSource.transaction(async (manager) => {
      const banners = await manager.delete(BannerEntity, { userId: event.userId });
      await manager.delete(BannerSettingsEntity, { userId: event.userId });
      const rows = await manager.delete(ImageEntity, { userId: event.userId });
      return { images: rows.affected ?? 0, banners: banners.affected ?? 0 };
    });
    this.logger.info({ eventId: event.id, removed }, 'deleted account: images removed');
    return removed;
  }

  private ownImages(userId: string) {
    return this.dataSource
      .getRepository(ImageEntity)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
