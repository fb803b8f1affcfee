import type { WebhookClick } from '@kartlink/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Clicks recorded for an endpoint and not yet in a click.recorded delivery. Keyed by the click's
 * event id, so that a click the stream delivers twice is sent once.
 */
@Entity({ name: 'webhook_pending_clicks' })
export class WebhookPendingClickEntity {
  @PrimaryColumn({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @PrimaryColumn({ name: 'click_id', type: 'varchar', length: 64 })
  clickId!: string;

  @Column({ type: 'jsonb' })
  click!: WebhookClick;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
