/**
 * Signed webhooks (issue 20): an owner's endpoints, the events they receive, and the log of
 * deliveries. The owner's routes are under /api/webhooks; shop-service delivers.
 */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'click.recorded',
  'product.created',
  'product.updated',
  'product.deleted',
  'shop.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" delivers (to any endpoint, whatever it subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** Endpoints an owner may have. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 100;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "${t}.${body}">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Kartlink-Signature';
/** A receiver should refuse a signature whose timestamp is further than this from its clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Finished deliveries are kept this long, then deleted. */
export const WEBHOOK_LOG_DAYS = 30;
/** Deliveries shown in the log (newest first). */
export const WEBHOOK_LOG_LIMIT = 50;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  status: 'active' | 'disabled';
  /** Why it was disabled (after a day of failures), when it is. */
  disabledReason: string | null;
  /** Since when every delivery has failed; null while the last one succeeded. */
  failingSince: string | null;
  createdAt: string;
}

/** The answer of a creation: the only time the signing secret is shown. */
export interface WebhookEndpointCreated extends WebhookEndpoint {
  secret: string;
}

export type WebhookDeliveryStatus = 'waiting' | 'pending' | 'succeeded' | 'failed';

/** One row of an endpoint's delivery log: the event and its latest attempt. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  event: WebhookDeliveryEvent;
  /** waiting: behind an earlier delivery of the same product; pending: being tried or retried. */
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  nextRetryAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** The body POSTed to an endpoint. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  type: WebhookDeliveryEvent;
  createdAt: string;
  data: T;
}

/** One click in a click.recorded delivery. */
export interface WebhookClick {
  id: string;
  productId: string;
  occurredAt: string;
  platform: string | null;
  device: string | null;
  browser: string | null;
  referrer: string | null;
  bot: boolean;
}

/** shop.webhooks.create's body (POST /api/webhooks). */
export interface WebhookEndpointBody {
  url: string;
  events: WebhookEventType[];
  description?: string;
}

/** shop.webhooks.update's body (PATCH /api/webhooks/{id}). */
export interface WebhookEndpointUpdateBody {
  events?: WebhookEventType[];
  description?: string;
  /** true re-enables a disabled endpoint. */
  enabled?: boolean;
}

export const WebhookMessages = {
  urlInvalid: 'Enter the full address of your endpoint, starting with https://',
  httpsOnly: 'Webhook endpoints must use https://',
  privateAddress: 'This address is on a private network; webhooks can only go to the internet.',
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Events must be among ${WEBHOOK_EVENTS.join(', ')}`,
  tooMany: `You can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints.`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This endpoint is disabled. Enable it first.',
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
} as const;

/** Subjects.auth.webhookDisabledMail: which owner to tell, about which endpoint. */
export interface WebhookDisabledMail {
  userId: string;
  url: string;
  failingSince: string;
}
