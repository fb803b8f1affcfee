import type { WebhookDelivery, WebhookEndpoint } from '@kartlink/contracts';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';

/** An endpoint as its owner sees it: never its secret. */
export const toWebhookEndpoint = (e: WebhookEndpointEntity): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  status: e.enabled ? 'active' : 'disabled',
  disabledReason: e.enabled ? null : e.disabledReason,
  failingSince: e.failingSince?.toISOString() ?? null,
  createdAt: e.createdAt.toISOString(),
});

export const toWebhookDelivery = (d: WebhookDeliveryEntity): WebhookDelivery => ({
  id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus,
  latencyMs: d.latencyMs,
  error: d.error,
  nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});
