import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
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

  /** Serves (or stops serving) a shop at a domain; answers the shop's URL. */
  async setServed(shopId: string, domain: string | null): Promise<string | null> {
    const rows: [Array<{ shop_url: string | null }>, number] = await this.domains.query(
      'UPDATE shop.shops SET custom_domain = $2 WHERE id = $1 RETURNING shop_url',
      [shopId, domain],
    );
    return rows[0]?.[0]?.shop_url ?? null;
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
