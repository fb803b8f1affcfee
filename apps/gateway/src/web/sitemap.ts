import {
  ErrorCode,
  normalizeShopUrl,
  customDomainOrigin,
  productPagePath,
  productPageUrl,
  shopPagePath,
  shopPageUrl,
  type SitemapShopPages,
  secondsUntil,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyInstance } from 'fastify';
import { customHostOf } from '../domains/host-routing';
import type { PublicReadCache } from '../public/public-read-cache';

const xml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const NO_SITEMAP = 'No such sitemap.';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Crawlers may keep them a while; a change reaches the next fetch after that. */
const CACHE_SECONDS = 300;
const CACHE = `public, max-age=${CACHE_SECONDS}`;

/** robots.txt: public pages open to crawlers, the product's private parts not. */
function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /admin-login',
    'Disallow: /api/',
    // Pictures that pages and link previews show stay fetchable.
    'Allow: /api/photos/',
    'Allow: /api/banners/',
    'Allow: /api/shop/product-images/',
    'Allow: /api/shop/*/card',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /robots.txt, /sitemap.xml (an index: one sitemap per public shop) and /sitemaps/{shopUrl}.xml
 * (a shop page and the product pages it shows). Both are kept in the public-read cache, so
 * the change events that clear a shop's reads clear its sitemap too (and the index).
 */
export function registerSitemapRoutes(
  fastify: FastifyInstance,
  cache: PublicReadCache,
  publicUrl: string,
) {
  const base = new URL(publicUrl).origin;
  const robots = robotsTxt(base);

  const protocol = new URL(publicUrl).protocol;
  fastify.get('/robots.txt', (request, reply) => {
    // A shop's custom domain has its own sitemap (HostRouting sends /sitemap.xml there).
    const custom = customHostOf(request.raw);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(custom ? robotsTxt(customDomainOrigin(custom.domain, protocol)) : robots);
  });

  fastify.get('/sitemap.xml', async (_request, reply) => {
    const { data: shops } = await cache.sitemap();
    const entries = shops.map(
      (shop) =>
        `<sitemap><loc>${xml(`${base}/sitemaps/${encodeURIComponent(shop.shopUrl)}.xml`)}</loc>` +
        `<lastmod>${xml(shop.updatedAt)}</lastmod></sitemap>`,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(`${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`);
  });

  fastify.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = /^([A-Za-z0-9-]+)\.xml$/.exec(request.params.file);
    if (!match) throw ServiceError.notFound(NO_SITEMAP);
    const shopUrl = normalizeShopUrl(match[1]!);
    let pages: SitemapShopPages;
    try {
      pages = (await cache.shopSitemap(shopUrl)).data;
    } catch (err) {
      // A private or hidden shop has no sitemap, as an unknown one.
      if (
        err instanceof ServiceError &&
        (err.code === ErrorCode.FORBIDDEN || err.code === ErrorCode.NO_LONGER_AVAILABLE)
      )
        throw ServiceError.notFound(NO_SITEMAP);
      throw err;
    }
    const url = (address: string, lastmod: string) =>
      `<url><loc>${xml(address)}</loc><lastmod>${xml(lastmod)}</lastmod></url>`;
    // On the shop's custom domain, its pages at that domain (/ and /{shortCode}).
    const custom = customHostOf(request.raw);
    const shop = { shopUrl: pages.shopUrl, customDomain: custom?.domain };
    const urls = [
      url(
        custom ? shopPageUrl(shop, base) : `${base}${shopPagePath(pages.shopUrl)}`,
        pages.updatedAt,
      ),
      ...pages.products.map((product) =>
        url(
          custom
            ? productPageUrl(shop, product.shortCode, base)
            : `${base}${productPagePath(pages.shopUrl, product.shortCode)}`,
          product.updatedAt,
        ),
      ),
    ];
    // Kept no longer than until a scheduled product of the shop starts or ends.
    const next = pages.nextChangeAt ? new Date(pages.nextChangeAt) : null;
    const seconds = secondsUntil(next, CACHE_SECONDS);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', seconds > 0 ? `public, max-age=${seconds}` : 'no-cache')
      .send(`${XML_HEAD}<urlset ${NS}>\n${urls.join('\n')}\n</urlset>\n`);
  });
}
