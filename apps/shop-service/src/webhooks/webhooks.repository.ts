import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WebhookClick, WebhookDeliveryStatus, WebhookEventType } from '@kartlink/contracts';
import { WEBHOOK_LOG_DAYS, WEBHOOK_LOG_LIMIT } from '@kartlink/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { WebhookPendingClickEntity } from './webhook-pending-click.entity';

/** The rows of an UPDATE or DELETE … RETURNING, which TypeORM answers as [rows, count]. */
function returned<T>(result: unknown): T[] {
  const answer = result as [T[], number] | T[];
  return Array.isArray(answer[0]) ? (answer[0] as T[]) : (answer as T[]);
}

/** A delivery to add: the event as sent, and the chain it is ordered in. */
export type NewDelivery = Pick<
  WebhookDeliveryEntity,
  'id' | 'endpointId' | 'userId' | 'chain' | 'eventId' | 'event' | 'body'
>;

/** Queries of the webhook tables; no rules. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get endpoints() {
    return this.dataSource.getRepository(WebhookEndpointEntity);
  }

  private get deliveries() {
    return this.dataSource.getRepository(WebhookDeliveryEntity);
  }

  listEndpoints(userId: string) {
    return this.endpoints.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  countEndpoints(userId: string) {
    return this.endpoints.countBy({ userId });
  }

  findEndpoint(id: string) {
    return this.endpoints.findOneBy({ id });
  }

  findOwnEndpoint(userId: string, id: string) {
    return this.endpoints.findOneBy({ id, userId });
  }

  saveEndpoint(endpoint: Partial<WebhookEndpointEntity>) {
    return this.endpoints.save(this.endpoints.create(endpoint));
  }

  async deleteEndpoint(id: string) {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(WebhookPendingClickEntity, { endpointId: id });
      await manager.delete(WebhookDeliveryEntity, { endpointId: id });
      await manager.delete(WebhookEndpointEntity, { id });
    });
  }

  /** The owner's enabled endpoints subscribed to an event. */
  subscribed(userIds: string[], event: WebhookEventType) {
    return this.endpoints
      .createQueryBuilder('e')
      .where('e.user_id = ANY(:userIds) AND e.enabled AND e.events @> :event::jsonb', {
        userIds,
        event: JSON.stringify([event]),
      })
      .getMany();
  }

  /** Who owns each product (its shop's owner). */
  async productOwners(productIds: string[]): Promise<Map<string, string>> {
    const rows: Array<{ id: string; user_id: string }> = await this.dataSource.query(
      `SELECT p.id, s.user_id FROM "shop"."products" p JOIN "shop"."shops" s ON s.id = p.shop_id
       WHERE p.id = ANY($1::uuid[])`,
      [productIds],
    );
    return new Map(rows.map((r) => [r.id, r.user_id]));
  }

  async addPendingClicks(rows: Array<{ endpointId: string; click: WebhookClick }>) {
    if (rows.length === 0) return;
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(WebhookPendingClickEntity)
      .values(
        rows.map(({ endpointId, click }) => ({
          endpointId,
          clickId: click.id,
          click,
          occurredAt: new Date(click.occurredAt),
        })),
      )
      .orIgnore()
      .execute();
  }

  /**
   * Takes an endpoint's pending clicks and makes them one delivery, in one transaction: each
   * click is in exactly one delivery. Answers the delivery, or nothing when none was pending.
   */
  takePendingClicks(
    endpointId: string,
    make: (clicks: WebhookClick[]) => NewDelivery,
  ): Promise<NewDelivery | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const rows = returned<{ click: WebhookClick }>(
        await manager.query(
          `DELETE FROM "shop"."webhook_pending_clicks" WHERE endpoint_id = $1 RETURNING click`,
          [endpointId],
        ),
      );
      if (rows.length === 0) return undefined;
      const clicks = rows
        .map((r) => r.click)
        .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id));
      const delivery = make(clicks);
      await manager.insert(WebhookDeliveryEntity, { ...delivery, status: 'waiting' });
      return delivery;
    });
  }

  async hasPendingClicks(endpointId: string) {
    return (
      (await this.dataSource.getRepository(WebhookPendingClickEntity).countBy({ endpointId })) > 0
    );
  }

  async addDeliveries(deliveries: NewDelivery[]) {
    if (deliveries.length === 0) return;
    await this.deliveries.insert(deliveries.map((d) => ({ ...d, status: 'waiting' as const })));
  }

  /** Forgets an endpoint's finished deliveries older than WEBHOOK_LOG_DAYS. */
  async prune(endpointId: string) {
    await this.dataSource.query(
      `DELETE FROM "shop"."webhook_deliveries" WHERE endpoint_id = $1
       AND created_at < now() - make_interval(days => $2::int) AND status IN ('succeeded', 'failed')`,
      [endpointId, WEBHOOK_LOG_DAYS],
    );
  }

  findDelivery(id: string) {
    return this.deliveries.findOneBy({ id });
  }

  log(endpointId: string) {
    return this.deliveries.find({
      where: { endpointId },
      order: { createdAt: 'DESC', seq: 'DESC' },
      take: WEBHOOK_LOG_LIMIT,
    });
  }

  updateDelivery(id: string, values: Partial<WebhookDeliveryEntity>) {
    return this.deliveries.update({ id }, values);
  }

  /**
   * Starts the oldest waiting delivery of a chain unless one of it is under way: answers its id
   * (now pending), or nothing. Under the chain's lock, so that two replicas never start two.
   */
  startNext(endpointId: string, chain: string): Promise<string | undefined> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `webhook-chain:${endpointId}:${chain}`,
      ]);
      const rows: Array<{ id: string; status: WebhookDeliveryStatus }> = await manager.query(
        `SELECT id, status FROM "shop"."webhook_deliveries"
         WHERE endpoint_id = $1 AND chain = $2 AND status IN ('waiting', 'pending')
         ORDER BY seq LIMIT 1`,
        [endpointId, chain],
      );
      const first = rows[0];
      if (!first || first.status === 'pending') return undefined;
      await manager.update(WebhookDeliveryEntity, { id: first.id }, { status: 'pending' });
      return first.id;
    });
  }

  /** Notes a failed attempt on the endpoint; answers since when it has been failing. */
  async markFailing(endpointId: string): Promise<Date | undefined> {
    const rows = returned<{ failing_since: Date }>(
      await this.dataSource.query(
        `UPDATE "shop"."webhook_endpoints" SET failing_since = COALESCE(failing_since, now())
         WHERE id = $1 RETURNING failing_since`,
        [endpointId],
      ),
    );
    return rows[0]?.failing_since;
  }

  async markHealthy(endpointId: string) {
    await this.endpoints.update({ id: endpointId }, { failingSince: null });
  }

  /**
   * Disables an enabled endpoint and fails what it still had to send; answers whether this call
   * disabled it (another replica may have been first).
   */
  disable(endpointId: string, reason: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const changed = await manager.update(
        WebhookEndpointEntity,
        { id: endpointId, enabled: true },
        { enabled: false, disabledReason: reason },
      );
      if (!changed.affected) return false;
      await manager.query(
        `UPDATE "shop"."webhook_deliveries" SET status = 'failed', next_retry_at = NULL,
         error = COALESCE(error, 'Endpoint disabled') WHERE endpoint_id = $1 AND status IN ('waiting', 'pending')`,
        [endpointId],
      );
      await manager.delete(WebhookPendingClickEntity, { endpointId });
      return true;
    });
  }

  /** An account's endpoints and their deliveries, inside its deletion's transaction. */
  static async deleteOwner(manager: EntityManager, userId: string) {
    await manager.query(
      `DELETE FROM "shop"."webhook_pending_clicks" WHERE endpoint_id IN
       (SELECT id FROM "shop"."webhook_endpoints" WHERE user_id = $1)`,
      [userId],
    );
    await manager.delete(WebhookDeliveryEntity, { userId });
    await manager.delete(WebhookEndpointEntity, { userId });
  }
}
