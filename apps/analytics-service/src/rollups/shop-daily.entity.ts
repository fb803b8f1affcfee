import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A shop's figures for one reporting day; people only, bots and the owner counted apart. */
@Entity({ name: 'shop_daily' })
export class ShopDailyEntity {
  @PrimaryColumn({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  /** Views of the shop's product pages (people only). */
  @Column({ name: 'product_views', type: 'int', default: 0 })
  productViews!: number;

  @Column({ type: 'int', default: 0 })
  views!: number;

  /** Store clicks: repeated taps of a visitor within 30 minutes counted once. */
  @Column({ type: 'int', default: 0 })
  clicks!: number;

  /** Every tap on a store, repeats included. */
  @Column({ type: 'int', default: 0 })
  taps!: number;

  @Column({ name: 'unique_visitors', type: 'int', default: 0 })
  uniqueVisitors!: number;

  /** Visits and clicks by bots and link previews. */
  @Column({ name: 'bot_events', type: 'int', default: 0 })
  botEvents!: number;

  /** The owner's own visits and clicks while signed in. */
  @Column({ name: 'owner_events', type: 'int', default: 0 })
  ownerEvents!: number;

  /**
   * The day's views and clicks by dimension: `{"store|amazon": [views, clicks], …}` (people
   * only; a repeated tap adds none). Read through the view analytics.shop_daily_dimensions.
   */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  dimensions!: Record<string, [number, number]>;
}
