import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type EmbeddedPublicData,
  ErrorCode,
  productPageUrl,
  PUBLIC_PAGES_DIR,
  PUBLIC_PAGES_ENTRY,
  shopPageUrl,
} from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AnalyticsRecorder } from '../analytics/analytics-recorder';
import { previewedShop } from '../analytics/link-previews';
import { CustomHosts, hostName } from '../domains/custom-hosts';
import { customHostOf } from '../domains/host-routing';
import { PublicReadCache } from '../public/public-read-cache';
import { PageTemplate } from './page-html';
import { loadPublicPage, type PageKind, pageKindOf } from './public-pages';
import {
  type BuildManifest,
  MANIFEST_FILE,
  PUBLIC_PAGE_MODULES,
  type RenderedPageAssets,
  renderedPageAssets,
  type RouteAssets,
  routeAssets,
} from './route-assets';
import { PublicPageRenderer } from './server-renderer';
import { registerSitemapRoutes } from './sitemap';

/**
 * Serves the built web app beside the API: files under /assets are content-hashed and cached
 * for a year; every other path that is not a file gets index.html, so that the app's router
 * shows the page (the 404 page included). Shop URLs and short codes never contain a dot. The
 * page carries the public address, which the app uses for every link it shows. A public shop
 * or product page gets its own head (title, description, link preview, structured data), its
 * body rendered on the server by the app's own components (when the build has its server
 * part), its route's stylesheets, its code at low priority, and its data for the app; an
 * unknown or private one answers 404, and pages search engines should not list say `noindex`.
 * Answers the app's 404 page for other routes to send, given their answer's CSP style nonce
 * (undefined when there is no build).
 */
export async function serveWebApp(
  app: NestFastifyApplication,
  distDir: string,
  publicUrl: string,
): Promise<((nonce?: string) => string) | undefined> {
  const root = resolve(distDir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const template = new PageTemplate(readFileSync(indexFile, 'utf8'), publicUrl);
  const logger = app.get<Logger>(LOGGER);
  const assets = publicRouteAssets(root, logger);
  // A page is rendered on the server when the build has both the renderer and the code that
  // takes the rendered page over.
  const rendering = renderedAssets(root, logger);
  const renderer = rendering && PublicPageRenderer.load(root, logger);

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build's .br and .gz copies, as the browser's Accept-Encoding asks (with Vary).
    preCompressed: true,
    setHeaders(reply: FastifyReply, path: string) {
      const immutable = path.startsWith(join(root, 'assets'));
      reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const fastify = app.getHttpAdapter().getInstance();
  const analytics = app.get(AnalyticsRecorder);
  const cache = app.get(PublicReadCache);
  const hosts = app.get(CustomHosts);
  registerSitemapRoutes(fastify, cache, publicUrl);

  fastify.get('/*', { config: { securityHeaders: 'page' } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) {
      throw new ServiceError(
        ErrorCode.ROUTE_NOT_FOUND,
        `There is no API route ${request.method} ${path}.`,
      );
    }
    // A missing file (an old chunk after a deploy) must not get the page back as its content.
    if (/\.[A-Za-z0-9]+$/.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const page = pageKindOf(path);
    // Link previews (WhatsApp, Instagram, X...) read the page itself: counted apart as bots.
    const previewed = previewedShop(request.method, page, request.headers['user-agent']);
    if (previewed) analytics.recordPreview(previewed, request);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // This answer's CSP nonce for inline styles (security-headers.ts).
    const nonce = reply.cspNonce.style;

    // On a custom domain, the shop it serves (its paths are / and /{shortCode}); on a host
    // that serves nothing, '' (the app then shows its 404 page whatever the path).
    const custom = customHostOf(request.raw);
    const shopHost =
      custom?.shopUrl ?? (hosts.isOwnHost(hostName(request.headers.host)) ? undefined : '');
    if (page.kind === 'app') return reply.send(template.app(page.indexed, nonce));
    if (page.kind === 'not-found')
      return reply.status(404).send(template.app(false, nonce, shopHost));
    try {
      const found = await loadPublicPage(page, cache, publicUrl);
      if (!found.found && found.ended?.redirectTo)
        return reply.redirect(custom ? '/' : found.ended.redirectTo, 302);
      if (!found.found)
        return reply.status(found.ended ? 410 : 404).send(template.app(false, nonce, shopHost));
      // A shop with a verified domain is served there: its default address leads to it.
      const domainUrl = !custom && customDomainUrlOf(page, found.data, publicUrl);
      if (domainUrl) return reply.header('cache-control', 'no-cache').redirect(domainUrl, 301);
      const body = renderer ? await renderer.render(page, found.data, custom?.shopUrl) : '';
      const rendered = body && rendering ? { body, assets: rendering[page.kind] } : undefined;
      return reply.send(
        template.publicPage({ ...found, rendered, assets: assets[page.kind] }, nonce, shopHost),
      );
    } catch (err) {
      // The services cannot say what the page is: the app asks again itself; crawlers come back.
      logger.warn({ err, path }, 'public page served without its head');
      return reply.status(503).header('retry-after', '5').send(template.app(false, nonce));
    }
  });
  return (nonce) => template.app(false, nonce);
}

/** The page's address at its shop's verified custom domain, if the shop has one. */
function customDomainUrlOf(
  page: Extract<PageKind, { kind: 'shop' | 'product' }>,
  data: EmbeddedPublicData,
  publicUrl: string,
): string | undefined {
  const shop = data.shop?.data;
  if (!shop?.customDomain) return undefined;
  const base = new URL(publicUrl).origin;
  return page.kind === 'shop'
    ? shopPageUrl(shop, base)
    : productPageUrl(shop, page.shortCode, base);
}

/**
 * The stylesheets and code of the public pages' routes, from the build's manifest. A build
 * without one, or one that does not list those routes, still works: its pages load their
 * route's code and stylesheets as the app asks for them, a round trip later.
 */
function publicRouteAssets(root: string, logger: Logger): Record<PublicPageKind, RouteAssets> {
  const file = join(root, MANIFEST_FILE);
  try {
    const manifest = readManifest(file);
    return {
      shop: routeAssets(manifest, PUBLIC_PAGE_MODULES.shop),
      product: routeAssets(manifest, PUBLIC_PAGE_MODULES.product),
    };
  } catch (err) {
    logger.warn({ err, file }, 'public pages served without their route’s assets');
    const none = { stylesheets: [], code: [] };
    return { shop: none, product: none };
  }
}

/**
 * The stylesheets and code of the public pages the server renders, from the manifest of their
 * own build (PUBLIC_PAGES_DIR); undefined for a build without it, whose public pages are then
 * rendered by the app in the browser.
 */
function renderedAssets(
  root: string,
  logger: Logger,
): Record<PublicPageKind, RenderedPageAssets> | undefined {
  const file = join(root, PUBLIC_PAGES_DIR, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const manifest = readManifest(file);
    const base = `/${PUBLIC_PAGES_DIR}/`;
    if (!manifest[PUBLIC_PAGES_ENTRY]?.isEntry) throw new Error(`no entry ${PUBLIC_PAGES_ENTRY}`);
    return {
      shop: renderedPageAssets(manifest, PUBLIC_PAGE_MODULES.shop, base),
      product: renderedPageAssets(manifest, PUBLIC_PAGE_MODULES.product, base),
    };
  } catch (err) {
    logger.warn(
      { err, file },
      'public pages left for the app to render: their build is unreadable',
    );
    return undefined;
  }
}

type PublicPageKind = keyof typeof PUBLIC_PAGE_MODULES;

const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
