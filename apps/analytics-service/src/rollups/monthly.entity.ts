import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Monthly rollups: the daily rows of a calendar month (of the reporting time zone) summed, kept
 * by the fold in the same transaction as the daily rows. A long range reads its whole months
 * here and only its edge days from the daily tables (reports.repository.ts).
 */

/** A product's figures of one month (product_daily summed). */
@Entity({ name: 'product_monthly' })
/** (shop_id, month) INCLUDE the figures: the shop's product reports read the index alone (migration). */
@Index('product_monthly_shop_figures', { synchronize: false })
export class ProductMonthlyEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  /** The month's first day. */
  @PrimaryColumn({ type: 'date' })
  month!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ type: 'int', default: 0 })
  clicks!: number;

  @Column({ type: 'int', default: 0 })
  taps!: number;

  @Column({ name: 'app_opens', type: 'int', default: 0 })
  appOpens!: number;

  @Column({ name: 'web_opens', type: 'int', default: 0 })
  webOpens!: number;
}

/** A product's views and clicks of one month by one value of a dimension (the days' dimensions of product_daily summed). */
@Entity({ name: 'product_monthly_dimensions' })
/** (shop_id, month, dimension) INCLUDE (product_id, key, clicks): the products CSV (migration). */
@Index('product_monthly_dimensions_shop', { synchronize: false })
export class ProductMonthlyDimensionEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @PrimaryColumn({ type: 'date' })
  month!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ type: 'int', default: 0 })
  clicks!: number;
}

/** A shop's views and clicks of one month by one value of a dimension (shop_daily_dimensions summed). */
@Entity({ name: 'shop_monthly_dimensions' })
export class ShopMonthlyDimensionEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @PrimaryColumn({ type: 'date' })
  month!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ type: 'int', default: 0 })
  clicks!: number;
}
