import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { BannerEntity, BannerSettingsEntity } from './banner.entity';

/** An owner's banners, in the order they show. */
const ORDER = { order: 'ASC', createdAt: 'ASC' } as const;

@Injectable()
export class BannersRepository {
  constructor(
    @InjectRepository(BannerEntity) private readonly banners: Repository<BannerEntity>,
    @InjectRepository(BannerSettingsEntity)
    private readonly settings: Repository<BannerSettingsEntity>,
  ) {}

  list(userId: string, manager: EntityManager = this.banners.manager) {
    return manager.find(BannerEntity, { where: { userId }, order: ORDER });
  }

  findOwned(userId: string, id: string, manager: EntityManager = this.banners.manager) {
    return manager.findOneBy(BannerEntity, { userId, id });
  }

  count(userId: string) {
    return this.banners.countBy({ userId });
  }

  /** The place after the last banner. */
  async nextOrder(userId: string): Promise<number> {
    const row = (await this.banners
      .createQueryBuilder('banner')
      .select('MAX(banner.order)', 'max')
      .where('banner.userId = :userId', { userId })
      .getRawOne()) as { max: number | null } | undefined;
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  findSettings(userId: string, manager: EntityManager = this.settings.manager) {
    return manager.findOneBy(BannerSettingsEntity, { userId });
  }

  /** Inserts the banner unless a retry of the same job already did. */
  async insert(values: Omit<BannerEntity, 'createdAt' | 'updatedAt'>, manager: EntityManager) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BannerEntity)
      .values(values)
      .orIgnore()
      .execute();
  }

  save(banner: BannerEntity, manager: EntityManager) {
    return manager.save(BannerEntity, banner);
  }

  async remove(id: string, manager: EntityManager) {
    await manager.delete(BannerEntity, { id });
  }

  async setOrder(id: string, order: number, manager: EntityManager) {
    await manager.update(BannerEntity, { id }, { order });
  }

  /**
   * Numbers the owner's banners 0, 1, 2... in their order, with `moved` (when given) taken out
   * and put back at its position (past the end: last). No two banners share a place and none
   * is left empty. Call it after `bump`, which holds the owner's lock.
   */
  async renumber(
    userId: string,
    manager: EntityManager,
    moved?: { id: string; position: number },
  ): Promise<void> {
    const banners = await this.list(userId, manager);
    const index = moved ? banners.findIndex((banner) => banner.id === moved.id) : -1;
    if (moved && index >= 0) {
      const [banner] = banners.splice(index, 1);
      banners.splice(Math.min(moved.position, banners.length), 0, banner!);
    }
    for (const [order, banner] of banners.entries())
      if (banner.order !== order) await this.setOrder(banner.id, order, manager);
  }

  /**
   * Raises the owner's change counter (creating their settings with `enabled` when missing),
   * optionally setting `enabled`; the row stays locked until the transaction ends, so that
   * one owner's changes are counted one after another.
   */
  async bump(userId: string, manager: EntityManager, enabled?: boolean): Promise<number> {
    const rows = (await manager.query(
      `INSERT INTO "media"."banner_settings" (user_id, enabled, version) VALUES ($1, COALESCE($2, true), 1)
       ON CONFLICT (user_id) DO UPDATE
         SET version = banner_settings.version + 1,
             enabled = COALESCE($2, banner_settings.enabled),
             updated_at = now()
       RETURNING version`,
      [userId, enabled ?? null],
    )) as Array<{ version: number }>;
    return rows[0]!.version;
  }
}
