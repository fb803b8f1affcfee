import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CustomHosts, hostName } from './custom-hosts';

/** A request that came to a shop's verified custom domain. */
export interface CustomHostRequest {
  /** The host, as the visitor typed it (lower-cased, no port). */
  domain: string;
  shopUrl: string;
}

const CUSTOM_HOST = Symbol('kartlink.customHost');
type Marked = IncomingMessage & { [CUSTOM_HOST]?: CustomHostRequest };

/** The custom domain a request came to, if it did (set before routing by HostRouting). */
export function customHostOf(request: IncomingMessage): CustomHostRequest | undefined {
  return (request as Marked)[CUSTOM_HOST];
}

/** Paths every host answers as the product's own: probes and Caddy's `ask`. */
const ANY_HOST = /^\/api\/(?:health(?:\/|$)|domains\/check$)/;
/** The app's files: the pages of any host load them. */
const FILES = /^\/assets\//;
/** Where an API route refused on a custom host goes: no route, 404 with the envelope. */
const NO_API_HERE = '/api/not-served-on-this-host';
/** The not-found page (status 404). */
const NOT_FOUND_PAGE = '/404';

/** The API a shop's pages call on its own domain: its public reads, pictures and tracking. */
function allowedApi(method: string, path: string, shopUrl: string): boolean {
  if (method === 'GET' || method === 'HEAD')
    return (
      path === `/api/shop/${shopUrl}` ||
      path.startsWith(`/api/shop/${shopUrl}/`) ||
      path.startsWith(`/api/url/shop/${shopUrl}/`) ||
      path.startsWith('/api/shop/product-images/') ||
      path.startsWith('/api/photos/') ||
      path.startsWith('/api/banners/')
    );
  if (method === 'POST')
    return (
      path === `/api/analytics/track-shop/${shopUrl}` || path.startsWith('/api/analytics/track/')
    );
  return false;
}

/**
 * Where a path on a shop's custom domain goes among the gateway's routes, or a redirect: `/` is
 * the shop page (`/{shopUrl}`), `/{shortCode}` a product page and `/{shortCode}/go...` its store
 * redirects (under `/{shopUrl}/`), `/sitemap.xml` the shop's sitemap; the app's files, the
 * shop's public API reads and /robots.txt stay as they are. A path under the shop's own URL
 * (`/{shopUrl}/{shortCode}`, as the main host spells it) is redirected to its short form.
 */
export function routeOnCustomHost(
  method: string,
  url: string,
  shopUrl: string,
): { url: string } | { redirect: string } {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt);
  if (path === '/api' || path.startsWith('/api/'))
    return { url: ANY_HOST.test(path) || allowedApi(method, path, shopUrl) ? url : NO_API_HERE };
  if (FILES.test(path) || path === '/robots.txt' || path === '/favicon.ico') return { url };
  if (path === '/sitemap.xml') return { url: `/sitemaps/${shopUrl}.xml` };
  if (path === '/' || path === '') return { url: `/${shopUrl}${query}` };
  const segments = path.split('/').filter(Boolean);
  if (segments[0]?.toLowerCase() === shopUrl)
    return { redirect: `/${segments.slice(1).join('/')}${query}` };
  return { url: `/${shopUrl}${path}${query}` };
}

/**
 * Chooses what a request's Host serves before Fastify routes it (the gateway's HTTP server
 * hands each request here first, app.factory.ts): the product's own hosts go on untouched; a
 * shop's verified custom domain is routed to that shop's pages (routeOnCustomHost) and marked
 * (customHostOf); any other host gets the 404 page (or a 404 envelope under /api/), never a
 * shop's content.
 */
export class HostRouting {
  private hosts?: CustomHosts;

  /** From then on, hosts are told apart (until then, while the app starts, none is). */
  attach(hosts: CustomHosts) {
    this.hosts = hosts;
  }

  handle(
    request: IncomingMessage,
    response: ServerResponse,
    next: (request: IncomingMessage, response: ServerResponse) => void,
  ) {
    const hosts = this.hosts;
    const name = hostName(request.headers.host);
    const url = request.url ?? '/';
    if (!hosts || hosts.isOwnHost(name) || ANY_HOST.test(url.split('?')[0]!))
      return next(request, response);
    hosts.shopAt(name).then(
      (shopUrl) => {
        if (!shopUrl) {
          const path = url.split('?')[0]!;
          if (!FILES.test(path))
            request.url =
              path === '/api' || path.startsWith('/api/') ? NO_API_HERE : NOT_FOUND_PAGE;
          return next(request, response);
        }
        const route = routeOnCustomHost(request.method ?? 'GET', url, shopUrl);
        if ('redirect' in route) {
          response.writeHead(301, { location: route.redirect, 'cache-control': 'no-cache' });
          return response.end();
        }
        request.url = route.url;
        (request as Marked)[CUSTOM_HOST] = { domain: name, shopUrl };
        return next(request, response);
      },
      () => {
        // shop-service cannot say which shop this host serves: come back, never another shop.
        response.writeHead(503, {
          'content-type': 'text/plain; charset=utf-8',
          'retry-after': '5',
        });
        response.end('Service unavailable. Please try again in a moment.');
      },
    );
  }
}
