import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The events waiting to be folded, in the order they were stored: one narrow row each, added
 * with the event in the same statement (the trigger analytics.queue_events on analytics.events)
 * and deleted by the fold that takes it, in the fold's transaction. The fold finds its batch
 * here instead of in the wide events table, and an event is folded once no row here holds it.
 */
@Entity({ name: 'fold_queue' })
// Whether an event is still waiting (the repeated taps' question, and the prune's).
@Index('fold_queue_id', ['id'])
export class FoldQueueEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq!: string;

  /** The event's id (analytics.events). */
  @Column({ type: 'uuid' })
  id!: string;

  /** The event's visitor's lane, hashtext(visitor) & 255: a fold takes the events of one lane % lanes. */
  @Column({ type: 'smallint', default: 0 })
  lane!: number;
}
