import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  affiliateUrl,
  androidIntentUrl,
  appLinkOf,
  ErrorCode,
  isReservedShopUrl,
  normalizeShopUrl,
  phoneOsOf,
  type StoreLink,
  type StoreRoute,
  Subjects,
} from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnalyticsRecorder, type TrackTarget } from '../analytics/analytics-recorder';
import { isPrefetch } from '../analytics/user-agent';
import type { TrackInput } from '../analytics/track-input';
import { isBotUserAgent } from '../analytics/user-agent';
import type { GatewayConfig } from '../config';
import { pathParams, type RouteSchema } from '../http/route-schema';
import { enforceRateLimit } from '../rate-limit/enforce';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { TapTokens } from './tap-tokens';

const RATE_WINDOW_MS = 60_000;
const SHOP_SEGMENT = /^[a-z0-9-]{1,50}$/;
const CODE_SEGMENT = /^[a-z0-9-]{1,40}$/;
const STORE_SEGMENT = /^(?:[a-z]{2,40}|[1-9][0-9]?)$/;

/** Where the answer sends the visitor, and whether a store's app opens it. */
export interface StoreAnswer {
  location: string;
  opensIn: 'app' | 'web';
}

/** Which of a product's stores a `/go/{store}` path names: a vendor key, or a 1-based position. */
export function storeOf(stores: readonly StoreLink[], store: string): StoreLink | undefined {
  if (/^[0-9]+$/.test(store)) return stores[Number(store) - 1];
  return stores.find((s) => s.key === store);
}

/**
 * The redirect's target: the stored URL with the owner's tags (affiliateUrl), as an Android
 * intent:// URL naming the store's app when the visitor is on Android, the shop has open-in-app
 * on and the store has an app (the web URL as its fallback). iOS (universal links) and
 * computers get the web URL.
 */
export function storeAnswer(
  route: StoreRoute,
  store: StoreLink,
  visitor: { userAgent: string; tapped: boolean; country: string | null },
): StoreAnswer {
  const web = affiliateUrl(store.url, route.earnings, {
    shortCode: route.shortCode,
    shopUrl: route.shopUrl,
    tapped: visitor.tapped,
    country: visitor.country,
    affiliateTags: route.affiliateTags,
  });
  const app = appLinkOf(web);
  if (route.earnings.openInApp && app && phoneOsOf(visitor.userAgent) === 'android')
    return { location: androidIntentUrl(web, app.androidPackage), opensIn: 'app' };
  return { location: web, opensIn: 'web' };
}

/** A URL as a header may carry it: anything but printable ASCII percent-encoded (or dropped). */
function headerSafe(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '';
    }
  });
}

const params = {
  shopUrl: { description: 'the shop’s address' },
  shortCode: { description: 'the product’s short code' },
};
const description =
  'Sends the visitor to a store of the product (302, Cache-Control: no-store, Referrer-Policy: ' +
  'strict-origin-when-cross-origin) and counts the click, acknowledged by the ANALYTICS stream ' +
  'first; HEAD requests, bots, prefetches (Purpose/Sec-Purpose: prefetch, X-Purpose: preview) ' +
  'and the owner (a valid bearer token or the viewer cookie their sign-in set) are not counted. Only a URL stored on the ' +
  'product can be the target, with the shop’s earnings settings applied: the Amazon tag when ' +
  '`t` is a valid tap proof (PublicProduct.tapToken) or the owner allows it on shared links; ' +
  'the visitor’s country for Amazon localization is read from the VISITOR_COUNTRY_HEADER ' +
  'header (cf-ipcountry by default). On Android, with the shop’s openInApp, a store that has an ' +
  'app gets an intent:// URL with the web URL as browser_fallback_url.';
const answers = {
  302: { description: 'Location: the store (https://… or intent://…), or the product page' },
  404: { description: 'The web app’s 404 page: no such shop, product or store, or a private shop' },
  429: { description: 'More than TRACK_RATE_LIMIT_PER_MINUTE redirects from this address' },
};
const querystring = {
  type: 'object' as const,
  properties: {
    // Not typed: a repeated or odd `t` is simply no proof, never a refusal.
    t: { description: 'the tap proof of the product page’s store sheet (text)' },
  },
};

const GO_STORE: RouteSchema = {
  tags: ['public'],
  summary: 'Go to a store of a product: /{shopUrl}/{shortCode}/go/{store} (issue 15)',
  description,
  params: pathParams({
    ...params,
    store: {
      description:
        'a vendor key of the product’s stores (amazon, flipkart…) or its 1-based position',
    },
  }),
  querystring,
  response: answers,
};

const GO_DEFAULT: RouteSchema = {
  tags: ['public'],
  summary: 'Go to the product’s pinned store, else its page: /{shopUrl}/{shortCode}/go',
  description,
  params: pathParams(params),
  querystring,
  response: answers,
};

type GoRequest = FastifyRequest<{
  Params: { shopUrl: string; shortCode: string; store?: string };
  Querystring: { t?: string };
}>;

/**
 * The tracked store redirects, registered on Fastify itself like the public reads and the
 * tracking calls. `notFoundPage` is the web app's 404 page (absent when the gateway serves the
 * API only: then a plain 404).
 */
export function registerStoreRoutes(
  app: NestFastifyApplication,
  notFoundPage: ((nonce?: string) => string) | undefined,
) {
  const services = app.get(ServiceClient);
  const recorder = app.get(AnalyticsRecorder);
  const taps = app.get(TapTokens);
  const limiter = app.get(RedisRateLimiter);
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  const logger = app.get<Logger>(LOGGER);
  const fastify = app.getHttpAdapter().getInstance();
  const policy = {
    name: 'go',
    limit: config.TRACK_RATE_LIMIT_PER_MINUTE,
    windowMs: RATE_WINDOW_MS,
  };
  const countryHeader = config.VISITOR_COUNTRY_HEADER.toLowerCase();

  const notFound = (reply: FastifyReply, status: 404 | 410 = 404) => {
    void reply.status(status).header('cache-control', 'no-store');
    return notFoundPage
      ? reply.type('text/html; charset=utf-8').send(notFoundPage(reply.cspNonce.style))
      : reply.type('text/plain; charset=utf-8').send('Not found');
  };

  const redirect = (reply: FastifyReply, location: string) =>
    reply
      .status(302)
      // Stored URLs and settings are checked to be ASCII; an older row is encoded, never a 500.
      .header('location', headerSafe(location))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('x-robots-tag', 'noindex')
      .send();

  async function go(request: GoRequest, reply: FastifyReply) {
    await enforceRateLimit(limiter, logger, policy, request, reply);
    const shopUrl = normalizeShopUrl(request.params.shopUrl);
    const shortCode = request.params.shortCode.trim().toLowerCase();
    const storeParam = request.params.store?.trim().toLowerCase();
    if (shopUrl === 'api')
      throw new ServiceError(
        ErrorCode.ROUTE_NOT_FOUND,
        `There is no API route ${request.method} ${request.url.split('?')[0]}.`,
      );
    if (
      !SHOP_SEGMENT.test(shopUrl) ||
      isReservedShopUrl(shopUrl) ||
      !CODE_SEGMENT.test(shortCode) ||
      (storeParam !== undefined && !STORE_SEGMENT.test(storeParam))
    )
      return notFound(reply);

    let route: StoreRoute;
    try {
      route = await services.request<StoreRoute>(Subjects.shop.storeRoute, { shopUrl, shortCode });
    } catch (err) {
      const code = err instanceof ServiceError ? err.code : undefined;
      if (code === ErrorCode.NOT_FOUND || code === ErrorCode.FORBIDDEN) return notFound(reply);
      // Hidden by an admin (or of a disabled account): no store is opened, the page says why.
      if (code === ErrorCode.NO_LONGER_AVAILABLE) return notFound(reply, 410);
      throw err;
    }

    const wanted = storeParam ?? route.defaultStore ?? undefined;
    if (wanted === undefined) return redirect(reply, `/${route.shopUrl}/${route.shortCode}`);
    const store = storeOf(route.stores, wanted);
    if (!store) {
      // A pin whose store is gone sends the visitor to the page, like no pin at all.
      if (storeParam === undefined) return redirect(reply, `/${route.shopUrl}/${route.shortCode}`);
      return notFound(reply);
    }

    const userAgent = request.headers['user-agent'] ?? '';
    const countryValue = countryHeader ? request.headers[countryHeader] : undefined;
    const country =
      typeof countryValue === 'string' && /^[A-Za-z]{2}$/.test(countryValue.trim())
        ? countryValue.trim().toUpperCase()
        : null;
    const tapped = await taps
      .verify(request.query.t, route.shopUrl, route.shortCode)
      .catch(() => false);
    const answer = storeAnswer(route, store, { userAgent, tapped, country });

    // The owner following their own link: known by the bearer token (the recorder marks it)
    // or, on a navigation, by the viewer cookie their sign-in set; not recorded then.
    const viewer = await taps.viewer(request.headers.cookie).catch(() => undefined);
    if (!isPrefetch(request.headers) && viewer !== route.ownerUserId) {
      const target: TrackTarget = { type: 'click', productId: route.productId };
      const input: TrackInput = {
        device: null,
        browser: null,
        timeZone: null,
        platform: store.vendor.toLowerCase(),
        referrer: null,
        opensIn: answer.opensIn,
      };
      const recording = recorder.record(target, input, request);
      if (request.method === 'HEAD' || isBotUserAgent(userAgent)) {
        // Recorded apart as a bot, without holding the answer up.
        recording.catch((err: unknown) => logger.warn({ err }, 'bot store click not recorded'));
      } else {
        // Counted once JetStream has it; a visitor is still sent on when analytics is away.
        await recording.catch((err: unknown) =>
          logger.warn({ err, productId: route.productId }, 'store click not recorded'),
        );
      }
    }
    return redirect(reply, answer.location);
  }

  // A page's CSP (with its style nonce): an unknown product answers the app's 404 page.
  fastify.get(
    '/:shopUrl/:shortCode/go',
    { schema: GO_DEFAULT, config: { securityHeaders: 'page' } },
    go,
  );
  fastify.get(
    '/:shopUrl/:shortCode/go/:store',
    { schema: GO_STORE, config: { securityHeaders: 'page' } },
    go,
  );
}
