import { Inject, Injectable } from '@nestjs/common';
import {
  type AccountExport,
  type AnalyticsExport,
  type AuthUser,
  type Caller,
  type MediaExport,
  type ShopExport,
  Subjects,
} from '@kartlink/contracts';
import { type BlobStore, readBlob } from '@kartlink/server-kit';
import { Readable } from 'node:stream';
import { BLOB_STORE } from '../media/blob-store.provider';
import { ServiceClient } from '../services/service-client';
import { type ZipFile, zipStream } from './zip';

/**
 * The owner's whole account as one zip, made while it is sent: each service answers its part
 * (profile, shop and products, banners and image list, analytics rollups) before the first byte
 * leaves, so a service that is away answers an error, not a broken file; then each image is read
 * from the object store and written one at a time (never the whole account in memory), and
 * account.json last, listing the images the zip holds.
 *
 * Made at once rather than as a background job: an account is a shop of at most some thousands
 * of products, its images a few hundred kB each after intake, stored in the zip as they are
 * (no compression to wait for), so the download starts at once and runs as fast as the network;
 * a job would keep a second copy of everything somewhere, to be deleted again, and make the
 * owner wait for a mail.
 */
@Injectable()
export class AccountExporter {
  constructor(
    private readonly services: ServiceClient,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async export(caller: Caller, now = new Date()): Promise<Readable> {
    const [user, shop, media, analytics] = await Promise.all([
      this.services.request<AuthUser>(Subjects.auth.me, { caller }),
      this.services.request<ShopExport>(Subjects.shop.exportAccount, { caller }),
      this.services.request<MediaExport>(Subjects.media.exportAccount, { caller }),
      this.services.request<AnalyticsExport>(Subjects.analytics.exportAccount, { caller }),
    ]);
    const written: string[] = [];
    const images = media.images;
    const files = async function* (blobs: BlobStore): AsyncGenerator<ZipFile> {
      for (const image of images)
        yield { name: `images/${image.file}`, bytes: () => readBlob(blobs, image.key) };
      const document: AccountExport = {
        format: 'kartlink-account/1',
        exportedAt: now.toISOString(),
        user: {
          email: user.email,
          displayName: user.displayName,
          phoneNumber: user.phoneNumber,
          photoURL: user.photoURL,
          plan: user.plan,
          signInMethods: user.signInMethods,
          createdAt: user.createdAt,
        },
        shop: shop.shop,
        products: shop.products,
        banners: media.banners,
        // Only those the zip holds (an image deleted meanwhile is left out).
        images: images
          .filter((image) => written.includes(`images/${image.file}`))
          .map(({ key: _key, ...image }) => image),
        analytics,
      };
      yield {
        name: 'account.json',
        bytes: async () => Buffer.from(JSON.stringify(document, null, 2)),
      };
    };
    return Readable.from(zipStream(files(this.blobs), now, written), { objectMode: false });
  }
}
