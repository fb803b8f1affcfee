import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A product's page views and store clicks of one reporting day (people only). */
@Entity({ name: 'product_daily' })
@Index('product_daily_shop_id_day', ['shopId', 'day'])
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
}
