import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A product's store clicks of one reporting day (people only). */
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
}
