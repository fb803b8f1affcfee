import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shop's views and clicks of one day by one value of a dimension (store, device, ...). */
@Entity({ name: 'shop_daily_dimensions' })
export class ShopDimensionEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  /** store, device, browser, region, referrer, source or opens_in. */
  @PrimaryColumn({ type: 'varchar', length: 16 })
  dimension!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ type: 'int', default: 0 })
  clicks!: number;
}
