import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One visit or click as recorded, stored once (its id is the event's id from the gateway).
 * Folded into the rollups once (found through analytics.fold_queue: folded once no queue row
 * holds it); pruned after the retention period.
 */
@Entity({ name: 'events' })
@Index('events_occurred_at', ['occurredAt'])
// The people's clicks a tap may repeat (those folded are the counted ones).
@Index('events_people_clicks', ['visitor', 'productId', 'occurredAt'], {
  where: "type = 'click' AND NOT repeat_tap AND NOT bot AND NOT prefetch AND NOT owner",
})
// People's visits, for the source of the clicks that follow them.
@Index('events_people_views', ['visitor', 'shopId', 'occurredAt'], {
  where: "type = 'shop_view' AND NOT bot AND NOT prefetch",
})
export class EventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** shop_view or click. */
  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

  /** click: the product; shop_view: the product whose page was opened (null: the shop page). */
  @Column({ name: 'product_id', type: 'uuid', nullable: true })
  productId!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  @Column({ type: 'varchar', length: 32, nullable: true })
  device!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  browser!: string | null;

  /** The store, lower-case vendor (clicks). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  platform!: string | null;

  /** The visitor's IANA time zone. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  region!: string | null;

  /** Host of the referring page, without www. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  referrer!: string | null;

  /** Hash of a daily salt, the address and the user agent: never the address itself. */
  @Column({ type: 'varchar', length: 64 })
  visitor!: string;

  /** A bot, link-preview fetcher (by user agent) or HEAD request, as the gateway decided. */
  @Column({ type: 'boolean', default: false })
  bot!: boolean;

  /** A prefetch or preview request (Purpose, Sec-Purpose, X-Purpose headers): never counted. */
  @Column({ type: 'boolean', default: false })
  prefetch!: boolean;

  /** The User-Agent header (first 512 characters), so the rules can be applied again. */
  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  /** instagram, whatsapp, facebook, youtube, x, telegram, direct or other (VISIT_SOURCES). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  source!: string | null;

  /** click: app (the store's app) or web (its website); null when not known. */
  @Column({ name: 'opens_in', type: 'varchar', length: 8, nullable: true })
  opensIn!: string | null;

  /**
   * click: a repeated tap on the same store of the same product by the same visitor within 30
   * minutes of a counted click; kept as a tap, not counted as a click. Decided when folded.
   */
  @Column({ name: 'repeat_tap', type: 'boolean', default: false })
  repeatTap!: boolean;

  /** The shop's owner, signed in, looking at their own shop. */
  @Column({ type: 'boolean', default: false })
  owner!: boolean;

  /**
   * Folded by a version before FoldedByQueue (which marked each event it folded). Read with the
   * queue (an event is folded once no fold_queue row holds it); written by no fold since.
   */
  @Column({ type: 'boolean', default: false })
  folded!: boolean;
}
