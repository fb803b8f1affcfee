import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One visit or click as recorded, stored once (its id is the event's id from the gateway).
 * Folded into the rollups once; pruned after the retention period.
 */
@Entity({ name: 'events' })
@Index('events_unfolded', ['receivedAt'], { where: 'folded = false' })
@Index('events_occurred_at', ['occurredAt'])
export class EventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** shop_view or click. */
  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ name: 'shop_id', type: 'uuid' })
  shopId!: string;

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

  @Column({ type: 'boolean', default: false })
  bot!: boolean;

  /** The shop's owner, signed in, looking at their own shop. */
  @Column({ type: 'boolean', default: false })
  owner!: boolean;

  @Column({ type: 'boolean', default: false })
  folded!: boolean;
}
