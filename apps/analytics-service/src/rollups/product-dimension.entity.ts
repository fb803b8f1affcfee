import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A product's page views and clicks of one day by one value of a dimension (store, source, ...). */
@Entity({ name: 'product_daily_dimensions' })
export class ProductDimensionEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'int', default: 0 })
  clicks!: number;

  /** Views of the product's page. */
  @Column({ type: 'int', default: 0 })
  views!: number;
}
