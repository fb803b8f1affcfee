import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many times the fold changed a shop's rollups: the reports remember their figures under
 * it (reports-cache.ts), and a new fold of the shop's events makes them read afresh. Raised in
 * the fold's own transaction, so figures and version always move together.
 */
@Entity({ name: 'shop_report_versions' })
export class ShopReportVersionEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ type: 'bigint', default: 1 })
  version!: string;
}
