import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { normalizeShopUrl, type TrackAccepted } from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter } from '@kartlink/server-kit';
import { enforceRateLimit } from '../rate-limit/enforce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { pathParams, type RouteSchema } from '../http/route-schema';
import { GATEWAY_CONFIG } from '../tokens';
import { AnalyticsRecorder, type TrackTarget } from './analytics-recorder';
import { readBeacon, TRACK_BODY, type TrackBody, toTrackInput } from './track-input';

const BODY_LIMIT_BYTES = 4096;
const RATE_WINDOW_MS = 60_000;

const description =
  'No token needed. With a valid bearer token, the owner’s own visits are counted apart; an ' +
  'invalid token is simply anonymous. Bots and link-preview fetchers (by user agent, with a ' +
  'maintained list) and prefetches or previews (a `Purpose: prefetch`, `Sec-Purpose: prefetch` ' +
  'or `X-Purpose: preview` header) are recorded but counted apart. Device, browser and source ' +
  '(Instagram, WhatsApp, Facebook, YouTube, X, Telegram, direct, other: the in-app browser ' +
  'named in the user agent, else the referrer, else the utm_source of our own page in the ' +
  'Referer header) are read from the request, not from the body; ' +
  'the user agent (first 512 characters) is kept with the event. The client address is never ' +
  'stored: a visitor is a hash of a daily random salt, the address and the user agent. A ' +
  'text/plain body (a beacon) is read as JSON.';
const answers = {
  202: {
    description:
      'Recorded: { success: true, data: { eventId } }, once the event is stored on the ANALYTICS stream',
  },
  400: { description: 'A field is not short text, the time zone or the id is malformed' },
  429: { description: 'More than TRACK_RATE_LIMIT_PER_MINUTE recordings from this address' },
  503: { description: 'The event could not be stored; the web ignores it (SPEC section 7)' },
};

const TRACK_SHOP: RouteSchema = {
  tags: ['analytics'],
  summary: 'Record a visit to a page of a shop: the shop page or a product page (SPEC section 7)',
  description,
  params: pathParams({
    shopUrl: { format: 'shop-url', description: 'the shop’s address, trimmed and lower-cased' },
  }),
  body: TRACK_BODY,
  response: answers,
};

const TRACK_CLICK: RouteSchema = {
  tags: ['analytics'],
  summary: 'Record a store click of a product, before the visitor is sent on (SPEC section 7)',
  description,
  params: pathParams({ urlId: { format: 'uuid', description: 'the product id' } }),
  body: TRACK_BODY,
  response: answers,
};

/**
 * The two tracking calls of SPEC section 7, registered on Fastify itself like the public reads:
 * they carry most of the traffic and need none of Nest's per-request machinery. Fastify checks
 * the path and the body against the schemas above (a beacon's text read as JSON first); the
 * handler counts the client against its own budget (the hits of a turn of the event loop in one
 * Redis round trip: RedisRateLimiter), publishes one event and answers 202.
 */
export function registerTrackingRoutes(app: NestFastifyApplication) {
  const recorder = app.get(AnalyticsRecorder);
  const limiter = app.get(RedisRateLimiter);
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  const logger = app.get<Logger>(LOGGER);
  const fastify = app.getHttpAdapter().getInstance();
  const policy = {
    name: 'track',
    limit: config.TRACK_RATE_LIMIT_PER_MINUTE,
    windowMs: RATE_WINDOW_MS,
  };

  async function track(target: TrackTarget, request: FastifyRequest, reply: FastifyReply) {
    await enforceRateLimit(limiter, logger, policy, request, reply);
    const input = toTrackInput(request.body as TrackBody);
    // The beacon is sent as the store's website is opened; the tracked redirect says otherwise.
    const eventId = await recorder.record(
      target,
      target.type === 'click' ? { ...input, opensIn: 'web' } : input,
      request,
    );
    const data: TrackAccepted = { eventId };
    return reply.status(202).header('cache-control', 'no-store').send({ success: true, data });
  }

  fastify.post<{ Params: { shopUrl: string } }>(
    '/api/analytics/track-shop/:shopUrl',
    { bodyLimit: BODY_LIMIT_BYTES, preValidation: readBeacon, schema: TRACK_SHOP },
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      return track({ type: 'shop_view', shopUrl }, request, reply);
    },
  );

  fastify.post<{ Params: { urlId: string } }>(
    '/api/analytics/track/:urlId',
    { bodyLimit: BODY_LIMIT_BYTES, preValidation: readBeacon, schema: TRACK_CLICK },
    async (request, reply) => {
      const productId = request.params.urlId.trim().toLowerCase();
      return track({ type: 'click', productId }, request, reply);
    },
  );
}
