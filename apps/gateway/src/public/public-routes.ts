import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { normalizeShopUrl } from '@kartlink/contracts';
import { type ObjectSchema, pathParams, type RouteSchema } from '../http/route-schema';
import { sendCachedAnswer } from './public-answer';
import { PublicReadCache } from './public-read-cache';

const shopUrlParam = { description: 'the shop’s address, trimmed and lower-cased' };
const answers = (data: string) => ({
  200: { description: `{ success: true, data: ${data} }` },
  403: { description: 'The shop is private (the error contains "private")' },
  404: { description: 'No such shop or product' },
});
const read = (summary: string, params: ObjectSchema, data: string): RouteSchema => ({
  tags: ['public'],
  summary,
  params,
  response: answers(data),
});

const SHOP = read(
  'A public shop (lower-cased and trimmed)',
  pathParams({ shopUrl: shopUrlParam }),
  'PublicShop',
);
const PRODUCTS: RouteSchema = {
  ...read(
    'The products shown on a public shop, newest first',
    pathParams({ shopUrl: shopUrlParam }),
    'PublicProduct[]',
  ),
  description:
    'Without `limit`, every product the shop shows. With `limit`, at most that many (a page): ' +
    'the next page is asked with `after` set to the id of the last product of this one, until a ' +
    'page holds fewer than `limit`. A page after a product deleted since is empty.',
  querystring: {
    type: 'object',
    properties: {
      limit: {
        type: 'string',
        format: 'page-limit',
        description: 'products per page, 1 to 100; all of them when left out',
      },
      after: {
        type: 'string',
        format: 'uuid',
        description: 'the id of the last product of the page before (with limit)',
      },
    },
  },
};
const STATS = read(
  'What a visitor may know about a public shop: { productCount } (click counts stay private to the owner)',
  pathParams({ shopUrl: shopUrlParam }),
  'ShopStats',
);
const PRODUCT_READ = read(
  'One product of a public shop with its store options',
  pathParams({ shopUrl: shopUrlParam, shortCode: { description: 'the product’s short code' } }),
  'PublicProduct',
);
const PRODUCT: RouteSchema = {
  ...PRODUCT_READ,
  description:
    'A scheduled product answers 404 before its start, as an unknown one, and 410 ' +
    'PRODUCT_ENDED past its end: `error` is the owner’s message, and `redirectTo` the shop’s ' +
    'page when the owner chose to send visitors back there.',
  response: {
    ...PRODUCT_READ.response,
    410: {
      description: 'Past its schedule’s end: { error, errorCode: PRODUCT_ENDED, redirectTo? }',
    },
  },
};

/**
 * The reads visitors make, registered on Fastify itself: they carry almost all the
 * traffic, and a cached answer needs none of Nest's per-request machinery (guards, pipes,
 * interceptors). Errors still go through the one error mapping (Nest's Fastify error handler).
 * openapi.ts documents them from their schemas.
 */
export function registerPublicRoutes(app: NestFastifyApplication) {
  const cache = app.get(PublicReadCache);
  const fastify = app.getHttpAdapter().getInstance();

  fastify.get<{ Params: { shopUrl: string } }>(
    '/api/shop/:shopUrl',
    { schema: SHOP },
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const answer = await cache.shop(shopUrl);
      return sendCachedAnswer(request, reply, answer);
    },
  );

  fastify.get<{ Params: { shopUrl: string }; Querystring: { limit?: string; after?: string } }>(
    '/api/shop/:shopUrl/urls',
    { schema: PRODUCTS },
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const { limit, after } = request.query;
      const page = limit
        ? { limit: Number(limit), ...(after ? { after: after.trim().toLowerCase() } : {}) }
        : undefined;
      const answer = await cache.products(shopUrl, page);
      return sendCachedAnswer(request, reply, answer);
    },
  );

  fastify.get<{ Params: { shopUrl: string } }>(
    '/api/shop/:shopUrl/stats',
    { schema: STATS },
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const answer = await cache.stats(shopUrl);
      return sendCachedAnswer(request, reply, answer);
    },
  );

  fastify.get<{ Params: { shopUrl: string; shortCode: string } }>(
    '/api/url/shop/:shopUrl/:shortCode',
    { schema: PRODUCT },
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const shortCode = request.params.shortCode.trim().toLowerCase();
      const answer = await cache.product(shopUrl, shortCode);
      return sendCachedAnswer(request, reply, answer);
    },
  );
}
