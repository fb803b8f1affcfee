import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ShopDomainEntity } from './shop-domain.entity';

@Injectable()
export class DomainsRepository {
  constructor(
    @InjectRepository(ShopDomainEntity) private readonly domains: Repository<ShopDomainEntity>,
  ) {}

  findByShop(shopId: string) {
    return this.domains.findOneBy({ shopId });
  }

  findByDomain(domain: string) {
    return this.domains.findOneBy({ domain });
  }

  create(values: Partial<ShopDomainEntity>) {
    return this.domains.create(values);
  }

  save(row: ShopDomainEntity) {
    return this.domains.save(row);
  }

  async remove(shopId: string) {
    await this.domains.delete({ shopId });
  }

  /**
   * Takes up to `limit` domains whose check is due, moving their next check `leaseMs` on so that
   * another replica does not take them meanwhile (its check then sets the real next one).
   */
  async claimDue(limit: number, leaseMs: number): Promise<ShopDomainEntity[]> {
    const rows: [Array<{ shop_id: string }>, number] = await this.domains.query(
      `UPDATE shop.shop_domains SET next_check_at = now() + $2 * interval '1 millisecond'
        WHERE shop_id IN (SELECT shop_id FROM shop.shop_domains WHERE next_check_at <= now()
                           ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING shop_id`,
      [limit, leaseMs],
    );
    const ids = (rows[0] ?? []).map((row) => row.shop_id);
    if (!ids.length) return [];
    return this.domains.findBy(ids.map((shopId) => ({ shopId })));
  }

  /**
   * Serves (or stops serving) a shop at a domain; answers the shop's URL when that changed
   * anything, else null.
   */
  async setServed(
    shopId: string,
    domain: string | null,
    manager: EntityManager = this.domains.manager,
  ): Promise<string | null> {
    const rows: [Array<{ shop_url: string | null }>, number] = await manager.query(
      `UPDATE shop.shops SET custom_domain = $2
        WHERE id = $1 AND custom_domain IS DISTINCT FROM $2 RETURNING shop_url`,
      [shopId, domain],
    );
    return rows[0]?.[0]?.shop_url ?? null;
  }

  /**
   * Writes a check's outcome, and serves the shop at the domain or stops (`serve`: the domain,
   * null, or undefined for no change), in one transaction, only if the row is still the one
   * checked: the owner may have removed or replaced it while its records were looked up.
   * Answers false when it was gone, else the shop URL whose serving changed (or null).
   */
  async saveCheck(row: ShopDomainEntity, serve: string | null | undefined) {
    return this.domains.manager.transaction(async (manager) => {
      const current = await manager.getRepository(ShopDomainEntity).findOne({
        where: { shopId: row.shopId, domain: row.domain, token: row.token },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) return false as const;
      await manager.getRepository(ShopDomainEntity).save(row);
      return serve === undefined ? null : this.setServed(row.shopId, serve, manager);
    });
  }

  /** The URL of the shop served at a verified domain (public or not: its reads say). */
  async shopAt(domain: string): Promise<string | null> {
    const rows: Array<{ shop_url: string }> = await this.domains.query(
      `SELECT shop_url FROM shop.shops
        WHERE custom_domain = $1 AND shop_url IS NOT NULL`,
      [domain],
    );
    return rows[0]?.shop_url ?? null;
  }
}
