import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  analyticsStreamName,
  AnalyticsMessages,
  ErrorCode,
  Events,
  type TrackedEvent,
  USER_AGENT_MAX,
} from '@kartlink/contracts';
import {
  ensureAnalyticsStream,
  LOGGER,
  type Logger,
  metrics,
  ServiceError,
  uuidV7,
} from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AccessTokenVerifier } from '../auth/access-token.verifier';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG, REDIS } from '../tokens';
import {
  campaignOfReferer,
  hostOf,
  pageFromReferer,
  referrerHost,
  type TrackInput,
} from './track-input';
import { isBotUserAgent, isPrefetch, visitorAgent, visitorSource } from './user-agent';
import { DailySalt, visitorHash } from './visitor';
import { JetStreamPublisher } from './jetstream-publisher';

const PUBLISH_TIMEOUT_MS = 2000;
const STREAM_RETRY_MS = 5000;

export type TrackTarget =
  { type: 'shop_view'; shopUrl: string } | { type: 'click'; productId: string };

/**
 * Turns a tracking call into an event on the ANALYTICS stream and waits for the stream's
 * acknowledgement (so an accepted event is never lost). Nothing here touches PostgreSQL.
 */
@Injectable()
export class AnalyticsRecorder implements OnApplicationBootstrap {
  private publisher?: JetStreamPublisher;
  private streamReady = false;
  private streamCheckedAt = 0;
  private readonly salt: DailySalt;
  private readonly ownHosts: Set<string>;
  private lastHost?: { header: string; hosts: ReadonlySet<string> };

  constructor(
    private readonly services: ServiceClient,
    private readonly verifier: AccessTokenVerifier,
    @Inject(REDIS) redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.salt = new DailySalt(redis, config.ANALYTICS_TIMEZONE);
    this.ownHosts = new Set(
      [config.PUBLIC_URL, ...config.WEB_ORIGIN]
        .map((address) => hostOf(address))
        .filter((host): host is string => Boolean(host)),
    );
  }

  async onApplicationBootstrap() {
    await this.ensureStream().catch((err: unknown) =>
      this.logger.warn({ err }, 'analytics stream not ready yet; tracking will retry'),
    );
  }

  /**
   * Publishes one visit or click; answers its id once JetStream has stored it.
   *
   * The device, browser and source are read from the request (its User-Agent and Referer
   * headers, the body's referrer), never from what the page says about itself; the raw user
   * agent (cut to USER_AGENT_MAX) and the bot decision go with the event, so the rules can be
   * applied again later. HEAD requests, bots and prefetches (isPrefetch) are recorded but never
   * counted. `input.opensIn` says where a click sends the visitor ('app' or 'web'; the tracked
   * redirect knows, the beacon's clicks go to the website); `input.page` which product page a
   * visit was on, else the Referer header of one of our product pages tells.
   */
  async record(target: TrackTarget, input: TrackInput, request: FastifyRequest): Promise<string> {
    const userAgent = request.headers['user-agent'] ?? '';
    // Both are known without waiting nearly always (the day's salt in memory, no token).
    const authorization = request.headers.authorization;
    const cachedSalt = this.salt.cached();
    const [salt, viewerUserId] =
      cachedSalt !== undefined && !authorization
        ? [cachedSalt, undefined]
        : await Promise.all([cachedSalt ?? this.salt.get(), this.viewerOf(authorization)]);
    const ownHosts = this.ownHostsWith(request.headers.host);
    const agent = userAgent.trim() ? visitorAgent(userAgent) : undefined;
    const referrer = referrerHost(input.referrer, request.headers.referer, ownHosts);
    const page =
      target.type === 'shop_view'
        ? (input.page ?? pageFromReferer(request.headers.referer, target.shopUrl, ownHosts))
        : undefined;
    const now = Date.now();
    const event: TrackedEvent = {
      id: uuidV7(now),
      ...target,
      occurredAt: new Date(now).toISOString(),
      device: agent?.device ?? null,
      browser: agent?.browser ?? null,
      timeZone: input.timeZone,
      platform: target.type === 'click' ? input.platform : null,
      referrer,
      visitor: visitorHash(salt, request.ip, userAgent),
      bot: request.method === 'HEAD' || isBotUserAgent(userAgent),
      prefetch: isPrefetch(request.headers),
      userAgent: userAgent.slice(0, USER_AGENT_MAX),
      source: visitorSource(
        userAgent,
        referrer,
        campaignOfReferer(request.headers.referer, ownHosts),
      ),
      ...(target.type === 'click' ? { opensIn: input.opensIn ?? null } : {}),
      ...(page ? { page } : {}),
      ...(viewerUserId ? { viewerUserId } : {}),
    };
    await this.publish(event);
    return event.id;
  }

  /**
   * A link preview: a HEAD request or a bot fetched a shop's page (or one of its product pages).
   * Recorded apart as a bot visit, without holding the page up; failures are only logged.
   */
  recordPreview(shopUrl: string, request: FastifyRequest): void {
    const userAgent = request.headers['user-agent'] ?? '';
    const now = Date.now();
    void this.salt
      .get()
      .then((salt) =>
        this.publish({
          id: uuidV7(now),
          type: 'shop_view',
          shopUrl,
          occurredAt: new Date(now).toISOString(),
          device: null,
          browser: null,
          timeZone: null,
          platform: null,
          referrer: null,
          visitor: visitorHash(salt, request.ip, userAgent),
          bot: true,
          prefetch: isPrefetch(request.headers),
          userAgent: userAgent.slice(0, USER_AGENT_MAX),
          source: visitorSource(userAgent, null),
        }),
      )
      .catch((err: unknown) => this.logger.warn({ err, shopUrl }, 'link preview not recorded'));
  }

  private async publish(event: TrackedEvent): Promise<void> {
    const subject = event.type === 'click' ? Events.analyticsClick : Events.analyticsShopView;
    const started = performance.now();
    try {
      const publisher = await this.stream();
      await publisher.publish(
        `${this.config.NATS_SUBJECT_PREFIX}${subject}`,
        // The JSON's bytes from Buffer's pool (nats.js's JSONCodec allocates a new array each).
        Buffer.from(JSON.stringify(event)),
        event.id,
      );
      metrics.observeJetStreamPublish(subject, (performance.now() - started) / 1000, false);
    } catch (err) {
      metrics.observeJetStreamPublish(subject, (performance.now() - started) / 1000, true);
      this.streamReady = false;
      this.logger.error({ err, eventId: event.id }, 'analytics event not recorded');
      throw new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, AnalyticsMessages.unavailable);
    }
  }

  private async stream(): Promise<JetStreamPublisher> {
    if (!this.streamReady && Date.now() - this.streamCheckedAt > STREAM_RETRY_MS) {
      const checked = this.ensureStream();
      // Once there is a publisher, a click does not wait for the stream check: JetStream's API
      // answers in seconds while a cluster elects new leaders, and the click's own publication
      // is bounded by PUBLISH_TIMEOUT_MS. The check runs beside it.
      if (this.publisher && !this.publisher.closed)
        checked.catch((err: unknown) =>
          this.logger.warn({ err }, 'analytics stream not checked; tracking will retry'),
        );
      else await checked;
    }
    if (!this.publisher) throw new Error('JetStream is not reachable');
    return this.publisher;
  }

  private async ensureStream() {
    this.streamCheckedAt = Date.now();
    const connection = await this.services.connection();
    await ensureAnalyticsStream(
      await connection.jetstreamManager(),
      this.config.NATS_SUBJECT_PREFIX,
      { replicas: this.config.JETSTREAM_REPLICAS, logger: this.logger },
    );
    if (!this.publisher || this.publisher.closed)
      this.publisher = new JetStreamPublisher(connection, PUBLISH_TIMEOUT_MS);
    this.streamReady = true;
    this.logger.debug(
      { stream: analyticsStreamName(this.config.NATS_SUBJECT_PREFIX) },
      'analytics stream ready',
    );
  }

  /** The signed-in viewer; a missing, expired or forged token is simply an anonymous visit. */
  private async viewerOf(authorization: string | undefined): Promise<string | undefined> {
    const [scheme, token] = (authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined;
    try {
      return (await this.verifier.verify(token)).sub;
    } catch {
      return undefined;
    }
  }

  /** The own hosts with the one this request was sent to (the last Host header's kept). */
  private ownHostsWith(hostHeader: string | undefined): ReadonlySet<string> {
    if (!hostHeader) return this.ownHosts;
    if (this.lastHost?.header === hostHeader) return this.lastHost.hosts;
    const host = hostOf(hostHeader);
    const hosts =
      !host || this.ownHosts.has(host) ? this.ownHosts : new Set([...this.ownHosts, host]);
    this.lastHost = { header: hostHeader, hosts };
    return hosts;
  }
}
