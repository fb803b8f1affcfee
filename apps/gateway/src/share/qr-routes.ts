import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type Caller,
  ErrorCode,
  normalizeShopUrl,
  ProductMessages,
  productPageUrl,
  type ProductPage,
  type Shop,
  shopPageUrl,
  Subjects,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import type { GatewayConfig } from '../config';
import { etagMatches } from '../http/etag';
import { type ObjectSchema, pathParams, type RouteSchema } from '../http/route-schema';
import { PublicReadCache } from '../public/public-read-cache';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { DEFAULT_QR_SIZE, type QrFormat, QrCodes, type QrSize, QR_SIZES } from './qr-codes';

/**
 * A code of a fixed address never changes: a year, then revalidated by its ETag. The code of a
 * shop only its owner may see yet is an answer to their bearer token, kept by no cache, as
 * every authenticated answer (http/security-headers.ts).
 */
const PUBLIC_CACHE = 'public, max-age=31536000';

const QR_QUERY: ObjectSchema = {
  type: 'object',
  properties: {
    size: {
      type: 'string',
      enum: QR_SIZES.map(String),
      description: `pixels a side (for an SVG, the size it opens at); ${DEFAULT_QR_SIZE} when left out`,
    },
    download: {
      type: 'string',
      enum: ['0', '1'],
      description: '1: answered as an attachment named {shopUrl}[-{shortCode}]-qr.{png|svg}',
    },
  },
};

function qrSchema(summary: string, params: Record<string, { description: string }>): RouteSchema {
  return {
    tags: ['public'],
    summary,
    description:
      'Anyone may read the code of a page a visitor may open; the signed-in owner (bearer ' +
      "token) may read their own while the shop is private. The code holds the page's public " +
      'address, error correction Q, with a quiet zone of 4 modules.',
    params: pathParams(params),
    querystring: QR_QUERY,
    response: {
      200: {
        description:
          'The code, with an ETag and Cache-Control: public, max-age=31536000 (no-store for an ' +
          'owner reading their private shop)',
      },
      304: { description: 'If-None-Match named the current ETag' },
      400: { description: 'size or download is not one of the values allowed (VALIDATION_ERROR)' },
      401: { description: 'A bearer token was sent for a private page and is not valid' },
      403: { description: 'The shop is private and the caller is not its owner' },
      404: { description: 'No such shop or product' },
    },
  };
}

const SHOP_PARAM = { shopUrl: { description: 'the shop URL' } };
const PRODUCT_PARAMS = { ...SHOP_PARAM, shortCode: { description: 'the product short code' } };

interface QrQuery {
  size?: string;
  download?: string;
}

/** Who may have the code: anyone (the page is public) or its owner (the shop is private). */
type Audience = 'public' | 'owner';

/**
 * The QR codes of public pages (a shop, a product), registered on Fastify itself beside the
 * other visitor reads. A code encodes the page's public address (PUBLIC_URL's origin and the
 * page's path), is made for a page a visitor may open, or for the signed-in owner's own page
 * while the shop is private (the dashboard offers it before publishing). Documented in
 * openapi.ts from their schemas.
 */
export function registerQrRoutes(app: NestFastifyApplication) {
  const services = app.get(ServiceClient);
  const cache = app.get(PublicReadCache);
  const guard = app.get(AuthGuard);
  const codes = app.get(QrCodes);
  const origin = new URL(app.get<GatewayConfig>(GATEWAY_CONFIG).PUBLIC_URL).origin;
  const fastify = app.getHttpAdapter().getInstance();

  /** Visible to a visitor; else, with a token, the owner's own (else the visitor's refusal). */
  async function audienceOf(
    request: FastifyRequest,
    readPublic: () => Promise<unknown>,
    owns: (caller: Caller) => Promise<boolean>,
  ): Promise<Audience> {
    try {
      await readPublic();
      return 'public';
    } catch (err) {
      const hidden =
        err instanceof ServiceError &&
        (err.code === ErrorCode.FORBIDDEN ||
          err.code === ErrorCode.NOT_FOUND ||
          // A scheduled product past its end: its owner may still print its code.
          err.code === ErrorCode.PRODUCT_ENDED);
      if (!hidden || !request.headers.authorization) throw err;
      if (await owns(await guard.callerOf(request))) return 'owner';
      throw err;
    }
  }

  async function ownShop(caller: Caller, shopUrl: string): Promise<boolean> {
    try {
      const shop = await services.request<Shop>(Subjects.shop.profile, { caller });
      return shop.shopUrl === shopUrl;
    } catch (err) {
      // An owner without a shop yet owns none.
      if (err instanceof ServiceError && err.code === ErrorCode.NOT_FOUND) return false;
      throw err;
    }
  }

  /**
   * The owner's product with this short code: searched for, page by page, until found. In
   * the owner's own shop, a code they do not have is unknown (404), not private.
   */
  async function ownProduct(caller: Caller, shopUrl: string, shortCode: string) {
    if (!(await ownShop(caller, shopUrl))) return false;
    const limit = 100;
    for (let page = 1; ; page += 1) {
      const found = await services.request<ProductPage>(Subjects.shop.listProducts, {
        caller,
        query: { page, limit, search: shortCode },
      });
      if (found.items.some((product) => product.shortCode === shortCode)) return true;
      if (page * limit >= found.total) throw ServiceError.notFound(ProductMessages.notFound);
    }
  }

  /** The shop as its pages' addresses need it: at its verified custom domain when it has one. */
  async function shownShop(shopUrl: string): Promise<{ shopUrl: string; customDomain?: string }> {
    const shop = await cache.shop(shopUrl).then(
      (answer) => answer.data,
      () => undefined,
    );
    return { shopUrl, customDomain: shop?.customDomain };
  }

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    audience: Audience,
    page: { address: string; filename: string; format: QrFormat; size: QrSize; download: boolean },
  ) {
    const image = await codes.of(page.address, page.format, page.size);
    if (audience === 'public') void reply.header('cache-control', PUBLIC_CACHE);
    void reply.header('etag', image.etag);
    if (page.download)
      void reply.header('content-disposition', `attachment; filename="${page.filename}"`);
    if (etagMatches(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
    return reply.type(image.contentType).send(image.body);
  }

  for (const format of ['png', 'svg'] as const) {
    fastify.get<{ Params: { shopUrl: string }; Querystring: QrQuery }>(
      `/api/shop/:shopUrl/qr.${format}`,
      {
        schema: qrSchema(`The QR code of a shop page, ${format.toUpperCase()}`, SHOP_PARAM),
        // An SVG opened on its own runs nothing.
        config: { securityHeaders: 'image' },
      },
      async (request, reply) => {
        const { size, download } = readQuery(request.query);
        const shopUrl = normalizeShopUrl(request.params.shopUrl);
        const audience = await audienceOf(
          request,
          () => cache.shop(shopUrl),
          (caller) => ownShop(caller, shopUrl),
        );
        return send(request, reply, audience, {
          address: shopPageUrl(await shownShop(shopUrl), origin),
          filename: `${fileSafe(shopUrl)}-qr.${format}`,
          format,
          size,
          download,
        });
      },
    );

    fastify.get<{ Params: { shopUrl: string; shortCode: string }; Querystring: QrQuery }>(
      `/api/url/shop/:shopUrl/:shortCode/qr.${format}`,
      {
        schema: qrSchema(`The QR code of a product page, ${format.toUpperCase()}`, PRODUCT_PARAMS),
        config: { securityHeaders: 'image' },
      },
      async (request, reply) => {
        const { size, download } = readQuery(request.query);
        const shopUrl = normalizeShopUrl(request.params.shopUrl);
        const shortCode = request.params.shortCode.trim().toLowerCase();
        const audience = await audienceOf(
          request,
          () => cache.product(shopUrl, shortCode),
          (caller) => ownProduct(caller, shopUrl, shortCode),
        );
        return send(request, reply, audience, {
          address: productPageUrl(await shownShop(shopUrl), shortCode, origin),
          filename: `${fileSafe(shopUrl)}-${fileSafe(shortCode)}-qr.${format}`,
          format,
          size,
          download,
        });
      },
    );
  }
}

/** The size and whether to download, as the route's schema let them through. */
function readQuery(query: QrQuery): { size: QrSize; download: boolean } {
  const size = QR_SIZES.find((allowed) => String(allowed) === query.size) ?? DEFAULT_QR_SIZE;
  return { size, download: query.download === '1' };
}

/** Shop URLs and short codes are [a-z0-9-] already; anything else is kept out of the header. */
const fileSafe = (text: string) => text.replace(/[^a-z0-9-]/g, '-');
