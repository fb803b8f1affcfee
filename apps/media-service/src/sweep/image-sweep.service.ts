import { Inject, Injectable } from '@nestjs/common';
import {
  BlobKeys,
  IMAGE_VARIANTS,
  type ImageReferencesAnswer,
  MAX_IMAGE_REFERENCE_IDS,
  Subjects,
} from '@kartlink/contracts';
import { type BlobStore, LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import { BLOB_STORE } from '../blobs/blob-store.provider';
import { ImageSweepRepository, type SweptImage } from './image-sweep.repository';

export interface SweepOptions {
  /** Report what would be deleted, delete nothing. */
  dryRun: boolean;
  graceMs: number;
}

/** What one sweep did (or, in a dry run, would do). */
export interface SweepReport {
  dryRun: boolean;
  graceMs: number;
  /** Images old enough to be looked at (banners are never). */
  checked: number;
  /** Of those, named by a shop, a product or a profile. */
  referenced: number;
  /** Found unreferenced for the first time: deleted by a sweep a grace period later. */
  newlyUnreferenced: number;
  /** Deleted (dry run: would be), with every variant's bytes. */
  swept: SweptImage[];
  bytes: number;
}

/** The services that keep image addresses, asked before anything is deleted. */
const REFERENCE_SUBJECTS = [Subjects.shop.referencedImages, Subjects.auth.referencedImages];
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The image sweep (issue 18): an image nothing names (an upload whose request failed while its
 * job completed, a photo replaced by another) is deleted, blobs and row, once it has been
 * unreferenced for longer than the grace period. media-service does not know what names its
 * images: shop-service (shop photos, SEO images, product images) and auth-service (profile
 * photos) are asked, and an image is deleted only when both answered that they do not name it
 * at two sweeps at least a grace period apart, and it is older than that. A service that does
 * not answer stops the sweep: nothing is deleted on a guess.
 *
 * The dry run asks and records the same (when an image was first found unreferenced, so that
 * its report is what a real sweep would delete) but deletes nothing.
 */
@Injectable()
export class ImageSweepService {
  constructor(
    private readonly sweeps: ImageSweepRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly services: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sweep(options: SweepOptions): Promise<SweepReport> {
    const report: SweepReport = {
      ...options,
      checked: 0,
      referenced: 0,
      newlyUnreferenced: 0,
      swept: [],
      bytes: 0,
    };
    let after = FIRST_ID;
    for (;;) {
      const batch = await this.sweeps.candidates(after, MAX_IMAGE_REFERENCE_IDS, options.graceMs);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      const referenced = await this.referenced(batch.map((image) => image.id));
      const named = batch.filter((image) => referenced.has(image.id));
      const unnamed = batch.filter((image) => !referenced.has(image.id));
      report.checked += batch.length;
      report.referenced += named.length;
      await this.sweeps.unmark(named.filter((image) => image.marked).map((image) => image.id));
      const fresh = unnamed.filter((image) => !image.marked).map((image) => image.id);
      await this.sweeps.mark(fresh);
      report.newlyUnreferenced += fresh.length;
      const marked = unnamed.filter((image) => image.marked).map((image) => image.id);
      const swept = options.dryRun
        ? await this.sweeps.due(marked, options.graceMs)
        : await this.sweeps.deleteDue(marked, options.graceMs, (images) => this.drop(images));
      for (const image of swept) {
        const bytes = Number(image.bytes);
        report.swept.push({ ...image, bytes });
        report.bytes += bytes;
      }
    }
    this.logger.info(
      {
        dryRun: report.dryRun,
        graceMs: report.graceMs,
        checked: report.checked,
        referenced: report.referenced,
        newlyUnreferenced: report.newlyUnreferenced,
        swept: report.swept.length,
        bytes: report.bytes,
        ids: report.swept.slice(0, 100).map((image) => image.id),
      },
      report.dryRun ? 'image sweep (dry run): nothing deleted' : 'image sweep done',
    );
    return report;
  }

  /** The ids of `ids` any service names; a service that does not answer throws. */
  private async referenced(ids: string[]): Promise<Set<string>> {
    const answers = await Promise.all(
      REFERENCE_SUBJECTS.map((subject) =>
        this.services.request<ImageReferencesAnswer>(subject, { ids }),
      ),
    );
    return new Set(answers.flatMap((answer) => answer.referenced));
  }

  /** Every variant's blob of each image; a failure keeps the rows (the next sweep retries). */
  private async drop(images: SweptImage[]): Promise<void> {
    await Promise.all(
      images.flatMap((image) =>
        IMAGE_VARIANTS.map((variant) => this.blobs.delete(BlobKeys.image(image.id, variant))),
      ),
    );
  }
}
