import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Banner,
  type BannerIngestRequest,
  type BannerList,
  BannerMessages,
  type BannerUpdateBody,
  bannerAltProblem,
  bannerIdsProblem,
  bannerLinkProblem,
  bannerOrderProblem,
  ErrorCode,
  type FieldError,
  IMAGE_LIMITS,
  MAX_BANNERS,
  isUuid,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { DataSource } from 'typeorm';
import { ImagesRepository } from '../images/images.repository';
import { type CheckedUpload, ImagesService } from '../images/images.service';
import { ImageJobs } from '../processing/image-jobs';
import { ShopLookup } from '../shops/shop-lookup';
import { BannerEvents } from './banner-events';
import type { BannerEntity } from './banner.entity';
import { toBanner, toBannerList } from './banner.mapper';
import { BannersRepository } from './banners.repository';

/**
 * An owner's banners (SPEC sections 5 and 8). Every change is counted and announced with the
 * whole list, which shop-service keeps for the public shop page.
 */
@Injectable()
export class BannersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly banners: BannersRepository,
    private readonly images: ImagesRepository,
    private readonly intake: ImagesService,
    private readonly jobs: ImageJobs,
    private readonly shops: ShopLookup,
    private readonly events: BannerEvents,
  ) {}

  async list(userId: string): Promise<BannerList> {
    await this.shops.requireShop(userId);
    return this.current(userId);
  }

  /**
   * POST /banners/upload and /upload-multiple: the first 3 files. Every file is checked
   * before any is stored, and either all of them become banners or none does.
   */
  async upload(request: BannerIngestRequest): Promise<Banner[]> {
    const userId = request.caller.userId;
    const uploads = request.uploads.slice(0, IMAGE_LIMITS.bannersPerUpload);
    try {
      if (uploads.length === 0) throw validation('banners', BannerMessages.noFiles);
      const details = request.details ?? {};
      const problem = fieldProblems(details)[0];
      if (problem) throw validation(problem.path, problem.msg);
      await this.shops.requireShop(userId);
      if ((await this.banners.count(userId)) + uploads.length > MAX_BANNERS)
        throw validation('banners', BannerMessages.tooMany);
      const accepted: CheckedUpload[] = [];
      for (const upload of uploads)
        accepted.push(
          await this.intake.check(upload, {
            allowed: ['jpeg', 'png', 'webp'],
            maxPixels: this.intake.maxPixels,
            banner: true,
          }),
        );
      const first = details.order ?? (await this.banners.nextOrder(userId));
      const results = await Promise.allSettled(
        uploads.map((upload, i) =>
          this.intake.process(accepted[i]!, {
            userId,
            kind: 'banner',
            upload,
            banner: {
              alt: details.alt ?? '',
              link: details.link?.trim() ?? '',
              order: first + i,
            },
          }),
        ),
      );
      const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) {
        for (const id of made) await this.delete(userId, id);
        if (made.length > 0) await this.events.announce(userId);
        throw failed.reason;
      }
      const stored = await this.banners.list(userId);
      return made.map((id) => toBanner(stored.find((banner) => banner.id === id)!));
    } finally {
      await Promise.all(request.uploads.map((upload) => this.intake.dropIncoming(upload)));
    }
  }

  async update(userId: string, id: string, body: BannerUpdateBody): Promise<Banner> {
    const problem = fieldProblems(body)[0];
    if (problem) throw validation(problem.path, problem.msg);
    if (body.alt === undefined && body.link === undefined && body.order === undefined)
      throw validation('body', BannerMessages.nothingToUpdate);
    const banner = await this.owned(userId, id);
    if (body.alt !== undefined) banner.alt = body.alt;
    if (body.link !== undefined) banner.link = body.link.trim();
    const saved = await this.dataSource.transaction(async (manager) => {
      await this.banners.bump(userId, manager);
      await this.banners.save(banner, manager);
      // The order is a place in the list: the others move up or down to make room.
      if (body.order !== undefined)
        await this.banners.renumber(userId, manager, { id, position: body.order });
      return (await this.banners.findOwned(userId, id, manager))!;
    });
    await this.events.announce(userId);
    return toBanner(saved);
  }

  async remove(userId: string, id: string): Promise<null> {
    const banner = await this.owned(userId, id);
    await this.delete(userId, banner.id);
    await this.events.announce(userId);
    return null;
  }

  async toggle(userId: string, enabled: unknown): Promise<BannerList> {
    if (typeof enabled !== 'boolean') throw validation('enabled', BannerMessages.enabledNotBoolean);
    await this.shops.requireShop(userId);
    await this.dataSource.transaction((manager) => this.banners.bump(userId, manager, enabled));
    await this.events.announce(userId);
    return this.current(userId);
  }

  /** Every banner of the owner, each once, in the new order (SPEC section 8's two refusals). */
  async reorder(userId: string, bannerIds: unknown): Promise<BannerList> {
    const problem = bannerIdsProblem(bannerIds);
    if (problem) throw validation('bannerIds', problem);
    const ids = bannerIds as string[];
    await this.shops.requireShop(userId);
    const known = new Set((await this.banners.list(userId)).map((banner) => banner.id));
    const invalidIds = ids.filter((id) => !known.has(id));
    if (invalidIds.length > 0) {
      const message = BannerMessages.invalidIds(invalidIds);
      throw new ServiceError(ErrorCode.VALIDATION_ERROR, message, {
        errors: [{ path: 'bannerIds', msg: message }],
        invalidIds,
      });
    }
    if (ids.length !== known.size) {
      const message = BannerMessages.countMismatch(known.size, ids.length);
      throw new ServiceError(ErrorCode.VALIDATION_ERROR, message, {
        errors: [{ path: 'bannerIds', msg: message }],
        expected: known.size,
        provided: ids.length,
      });
    }
    await this.dataSource.transaction(async (manager) => {
      await this.banners.bump(userId, manager);
      for (const [order, id] of ids.entries()) await this.banners.setOrder(id, order, manager);
    });
    await this.events.announce(userId);
    return this.current(userId);
  }

  private async current(userId: string): Promise<BannerList> {
    const [settings, banners] = await Promise.all([
      this.banners.findSettings(userId),
      this.banners.list(userId),
    ]);
    return toBannerList(settings, banners);
  }

  /** The owner's banner; another owner's, or none, is "not found". */
  private async owned(userId: string, id: string): Promise<BannerEntity> {
    if (!id.trim()) throw validation('id', BannerMessages.invalidId);
    await this.shops.requireShop(userId);
    const banner = isUuid(id) ? await this.banners.findOwned(userId, id) : null;
    if (!banner) throw ServiceError.notFound(BannerMessages.notFound);
    return banner;
  }

  /** Blobs first, then the rows; the others close up so that the order stays 0, 1, 2... */
  private async delete(userId: string, id: string) {
    await this.jobs.discard(id);
    await this.dataSource.transaction(async (manager) => {
      await this.banners.bump(userId, manager);
      await this.banners.remove(id, manager);
      await this.images.remove(id, manager);
      await this.banners.renumber(userId, manager);
    });
  }
}

function fieldProblems(body: BannerUpdateBody): FieldError[] {
  const problems: Array<[string, string | undefined]> = [
    ['alt', body.alt === undefined ? undefined : bannerAltProblem(body.alt)],
    ['link', body.link === undefined ? undefined : bannerLinkProblem(body.link)],
    ['order', body.order === undefined ? undefined : bannerOrderProblem(body.order)],
  ];
  return problems.flatMap(([path, msg]) => (msg ? [{ path, msg }] : []));
}

const validation = (path: string, msg: string) => ServiceError.validation([{ path, msg }], msg);
