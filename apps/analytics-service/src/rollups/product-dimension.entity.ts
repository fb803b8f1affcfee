import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A product's page views and clicks of one day by one value of a dimension (store, source, ...). */
@Entity({ name: 'product_daily_dimensions' })
/**
 * (shop_id, day, dimension) INCLUDE (product_id, key, clicks): a shop's edge days of the
 * products CSV from the index alone, without a join (migration).
 */
@Index('product_daily_dimensions_shop_clicks', { synchronize: false })
export class ProductDimensionEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** The product's shop, so that a shop's rows are read without product_daily. */
  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @Column({ type: 'int', default: 0 })
  clicks!: number;

  /** Views of the product's page. */
  @Column({ type: 'int', default: 0 })
  views!: number;
}
