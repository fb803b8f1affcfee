import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A product's page views and store clicks of one reporting day (people only). */
@Entity({ name: 'product_daily' })
/** (shop_id, day) INCLUDE the figures: the shop's product reports read the index alone (migration). */
@Index('product_daily_shop_figures', { synchronize: false })
export class ProductDailyEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ type: 'int', default: 0 })
  clicks!: number;

  /** Every tap on a store, repeats included. */
  @Column({ type: 'int', default: 0 })
  taps!: number;

  /** Views of the product's page. */
  @Column({ type: 'int', default: 0 })
  views!: number;

  /** Its clicks that opened the store's app (opens_in "app"). */
  @Column({ name: 'app_opens', type: 'int', default: 0 })
  appOpens!: number;

  /** Its clicks that opened the store's website (opens_in "web"). */
  @Column({ name: 'web_opens', type: 'int', default: 0 })
  webOpens!: number;

  /**
   * The day's views and clicks by dimension: `{"store|amazon": [views, clicks], …}` (people
   * only; a repeated tap adds none). Read through the view analytics.product_daily_dimensions.
   */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  dimensions!: Record<string, [number, number]>;
}
