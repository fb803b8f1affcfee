import type { WebhookDeliveryEvent, WebhookDeliveryStatus } from '@kartlink/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One event for one endpoint and its latest attempt: the delivery log. `seq` orders the
 * deliveries of one `chain` (an endpoint's product, its shop, its click batches): only the
 * oldest unfinished delivery of a chain is ever being sent, so they arrive in order.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('webhook_deliveries_chain', ['endpointId', 'chain', 'seq'])
@Index('webhook_deliveries_log', ['endpointId', 'createdAt'])
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'bigint', generated: 'increment' })
  seq!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 120 })
  chain!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 40 })
  event!: WebhookDeliveryEvent;

  /** The JSON sent, exactly as signed. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'latency_ms', type: 'int', nullable: true })
  latencyMs!: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  error!: string | null;

  @Column({ name: 'next_retry_at', type: 'timestamptz', nullable: true })
  nextRetryAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}
