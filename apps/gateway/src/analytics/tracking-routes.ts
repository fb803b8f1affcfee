import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { normalizeShopUrl, shopUrlProblem, type TrackAccepted, isUuid } from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import { enforceRateLimit } from '../rate-limit/enforce';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../tokens';
import { AnalyticsRecorder, type TrackTarget } from './analytics-recorder';
import { readTrackBody, TrackMessages } from './track-input';

const BODY_LIMIT_BYTES = 4096;
const RATE_WINDOW_MS = 60_000;

/**
 * The two tracking calls of SPEC section 7, registered on Fastify itself like the public reads:
 * they carry most of the traffic and need none of Nest's per-request machinery. Each checks
 * its input cheaply, counts the client against its own budget, publishes one event and
 * answers 202. Documented in openapi.ts.
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
    const read = readTrackBody(request.body);
    if (read.errors) throw ServiceError.validation(read.errors);
    await enforceRateLimit(limiter, logger, policy, request, reply);
    const eventId = await recorder.record(target, read.input, request);
    const data: TrackAccepted = { eventId };
    return reply.status(202).header('cache-control', 'no-store').send({ success: true, data });
  }

  fastify.post<{ Params: { shopUrl: string } }>(
    '/api/analytics/track-shop/:shopUrl',
    { bodyLimit: BODY_LIMIT_BYTES },
    async (request, reply) => {
      const problem = shopUrlProblem(request.params.shopUrl);
      if (problem) throw ServiceError.validation([{ path: 'shopUrl', msg: problem }]);
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      return track({ type: 'shop_view', shopUrl }, request, reply);
    },
  );

  fastify.post<{ Params: { urlId: string } }>(
    '/api/analytics/track/:urlId',
    { bodyLimit: BODY_LIMIT_BYTES },
    async (request, reply) => {
      const urlId = request.params.urlId.trim();
      if (!isUuid(urlId))
        throw ServiceError.validation([{ path: 'urlId', msg: TrackMessages.urlId }]);
      return track({ type: 'click', productId: urlId.toLowerCase() }, request, reply);
    },
  );
}
