import { Entity, PrimaryColumn } from 'typeorm';

/** Who visited a shop on a day, as the day's hash: makes daily unique visitors exact. */
@Entity({ name: 'daily_visitors' })
export class DailyVisitorEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  visitor!: string;
}
