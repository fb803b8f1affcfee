import { Inject, Injectable } from '@nestjs/common';
import {
  type Caller,
  ErrorCode,
  isUuid,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointCreated,
  type WebhookEndpointUpdateBody,
  type WebhookEventType,
  WebhookMessages,
} from '@kartlink/contracts';
import {
  CONFIG,
  hostList,
  isPrivateAddress,
  LOGGER,
  type Logger,
  ServiceError,
} from '@kartlink/server-kit';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { ShopConfig } from '../config';
import { eventBody, WebhookDeliveries } from './webhook-deliveries';
import { toWebhookDelivery, toWebhookEndpoint } from './webhook.mapper';
import { newWebhookSecret } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

const urlProblem = (path: string, msg: string) => ServiceError.validation([{ path, msg }], msg);

/** An owner's webhook endpoints, and the events their writes announce to them. */
@Injectable()
export class WebhooksService {
  private readonly allowHttp: string[];

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveries,
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.allowHttp = hostList(config.WEBHOOK_ALLOW_HTTP_HOSTS);
  }

  async list(caller: Caller): Promise<WebhookEndpoint[]> {
    return (await this.webhooks.listEndpoints(caller.userId)).map(toWebhookEndpoint);
  }

  async create(caller: Caller, body: WebhookEndpointBody): Promise<WebhookEndpointCreated> {
    const url = this.checkUrl(body.url);
    if ((await this.webhooks.countEndpoints(caller.userId)) >= WEBHOOK_MAX_ENDPOINTS)
      throw new ServiceError(ErrorCode.CONFLICT, WebhookMessages.tooMany);
    const secret = newWebhookSecret();
    const saved = await this.webhooks.saveEndpoint({
      userId: caller.userId,
      url,
      events: body.events,
      description: body.description?.trim() ?? '',
      secret,
      enabled: true,
    });
    return { ...toWebhookEndpoint(saved), secret };
  }

  async update(
    caller: Caller,
    id: string,
    body: WebhookEndpointUpdateBody,
  ): Promise<WebhookEndpoint> {
    const endpoint = await this.own(caller, id);
    if (body.events !== undefined) endpoint.events = body.events;
    if (body.description !== undefined) endpoint.description = body.description.trim();
    if (body.enabled === true && !endpoint.enabled) {
      endpoint.enabled = true;
      endpoint.disabledReason = null;
      endpoint.failingSince = null;
    }
    if (body.enabled === false) {
      endpoint.enabled = false;
      endpoint.disabledReason = 'Disabled by you';
    }
    return toWebhookEndpoint(await this.webhooks.saveEndpoint(endpoint));
  }

  async remove(caller: Caller, id: string): Promise<null> {
    await this.own(caller, id);
    await this.webhooks.deleteEndpoint(id);
    return null;
  }

  async log(caller: Caller, id: string): Promise<WebhookDelivery[]> {
    await this.own(caller, id);
    return (await this.webhooks.log(id)).map(toWebhookDelivery);
  }

  /** The same event (same id and body, signed anew) sent again at once, as a new delivery. */
  async redeliver(caller: Caller, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.own(caller, id);
    const original = isUuid(deliveryId) ? await this.webhooks.findDelivery(deliveryId) : null;
    if (!original || original.endpointId !== endpoint.id)
      throw ServiceError.notFound(WebhookMessages.deliveryNotFound);
    if (!endpoint.enabled) throw new ServiceError(ErrorCode.CONFLICT, WebhookMessages.disabled);
    const newId = randomUUID();
    await this.deliveries.add([
      {
        id: newId,
        endpointId: endpoint.id,
        userId: endpoint.userId,
        chain: `redeliver:${newId}`,
        eventId: original.eventId,
        event: original.event,
        body: original.body,
      },
    ]);
    return toWebhookDelivery((await this.webhooks.findDelivery(newId))!);
  }

  async test(caller: Caller, id: string): Promise<WebhookDelivery> {
    const endpoint = await this.own(caller, id);
    if (!endpoint.enabled) throw new ServiceError(ErrorCode.CONFLICT, WebhookMessages.disabled);
    const newId = randomUUID();
    const eventId = randomUUID();
    await this.deliveries.add([
      {
        id: newId,
        endpointId: endpoint.id,
        userId: endpoint.userId,
        chain: `test:${newId}`,
        eventId,
        event: WEBHOOK_TEST_EVENT,
        body: eventBody(WEBHOOK_TEST_EVENT, eventId, { message: 'A test event from Kartlink' }),
      },
    ]);
    return toWebhookDelivery((await this.webhooks.findDelivery(newId))!);
  }

  /**
   * Announces an owner's change to their endpoints subscribed to it. `chain` orders it: the
   * deliveries of one product (or the shop) reach an endpoint in the order they were made. A
   * failure is logged, never failing the write it follows.
   */
  async emit(userId: string, event: WebhookEventType, chain: string, data: unknown): Promise<void> {
    try {
      const endpoints = await this.webhooks.subscribed([userId], event);
      if (endpoints.length === 0) return;
      const eventId = randomUUID();
      const body = eventBody(event, eventId, data);
      await this.deliveries.add(
        endpoints.map((e) => ({
          id: randomUUID(),
          endpointId: e.id,
          userId,
          chain,
          eventId,
          event,
          body,
        })),
      );
    } catch (err) {
      this.logger.error({ err, event }, 'webhook event not recorded');
    }
  }

  private async own(caller: Caller, id: string) {
    const endpoint = isUuid(id) ? await this.webhooks.findOwnEndpoint(caller.userId, id) : null;
    if (!endpoint) throw ServiceError.notFound(WebhookMessages.notFound);
    return endpoint;
  }

  /** https (http only to hosts the operator allowed), no credentials, no private address. */
  private checkUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw urlProblem('url', WebhookMessages.urlInvalid);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowed = this.allowHttp.includes(host);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed))
      throw urlProblem(
        'url',
        url.protocol === 'http:' ? WebhookMessages.httpsOnly : WebhookMessages.urlInvalid,
      );
    if (url.username || url.password || !host) throw urlProblem('url', WebhookMessages.urlInvalid);
    const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
    if (!allowed && (local || (isIP(host) && isPrivateAddress(host))))
      throw urlProblem('url', WebhookMessages.privateAddress);
    url.hash = '';
    return url.toString();
  }
}
