import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  normalizeShopUrl,
  type PublicProduct,
  type PublicShop,
  type ShopStats,
  Subjects,
} from '@kartlink/contracts';
import { ServiceClient } from '../services/service-client';
import { sendCachedAnswer } from './public-answer';
import { PublicReadCache } from './public-read-cache';

/**
 * The reads visitors make, registered on Fastify itself: they carry almost all the
 * traffic, and a cached answer needs none of Nest's per-request machinery (guards, pipes,
 * interceptors). Errors still go through the one error mapping (Nest's Fastify error handler).
 * They are documented in openapi.ts.
 */
export function registerPublicRoutes(app: NestFastifyApplication) {
  const services = app.get(ServiceClient);
  const cache = app.get(PublicReadCache);
  const fastify = app.getHttpAdapter().getInstance();

  fastify.get<{ Params: { shopUrl: string } }>('/api/shop/:shopUrl', async (request, reply) => {
    const shopUrl = normalizeShopUrl(request.params.shopUrl);
    const answer = await cache.read(shopUrl, 'shop', () =>
      services.request<PublicShop>(Subjects.shop.publicShop, { shopUrl }),
    );
    return sendCachedAnswer(request, reply, answer);
  });

  fastify.get<{ Params: { shopUrl: string } }>(
    '/api/shop/:shopUrl/urls',
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const answer = await cache.read(shopUrl, 'products', () =>
        services.request<PublicProduct[]>(Subjects.shop.publicProducts, { shopUrl }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );

  fastify.get<{ Params: { shopUrl: string } }>(
    '/api/shop/:shopUrl/stats',
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const answer = await cache.read(shopUrl, 'stats', () =>
        services.request<ShopStats>(Subjects.shop.publicStats, { shopUrl }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );

  fastify.get<{ Params: { shopUrl: string; shortCode: string } }>(
    '/api/url/shop/:shopUrl/:shortCode',
    async (request, reply) => {
      const shopUrl = normalizeShopUrl(request.params.shopUrl);
      const shortCode = request.params.shortCode.trim().toLowerCase();
      const answer = await cache.read(shopUrl, `product:${shortCode}`, () =>
        services.request<PublicProduct>(Subjects.shop.publicProduct, { shopUrl, shortCode }),
      );
      return sendCachedAnswer(request, reply, answer);
    },
  );
}
