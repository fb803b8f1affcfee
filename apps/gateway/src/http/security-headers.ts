import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../config';
import { NONCE_SCRIPT } from '../web/page-html';

/** The third-party tags the web app can be built with (apps/web/src/lib/tracking.ts). */
const TRACKING_TAGS = ['meta-pixel', 'google-analytics'] as const;
type TrackingTag = (typeof TRACKING_TAGS)[number];

/**
 * What each tag loads and where it sends, as its vendor documents it for a CSP: Meta's pixel
 * loads fbevents.js and reports to facebook.com (an image or a fetch); Google's tag loads
 * gtag.js and reports to Google Analytics' collectors.
 */
const TAG_SOURCES: Record<TrackingTag, { script: string[]; connect: string[]; img: string[] }> = {
  'meta-pixel': {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
  },
  'google-analytics': {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  },
};

/** Two years: HSTS preload lists ask for at least one; ASVS for at least one. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Powerful features the product never uses, switched off for the page and anything it might
 * embed. Those it does use keep their defaults (this origin only): the clipboard for "copy
 * link", the share sheet (web-share).
 */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), ' +
  'hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** The one inline script of the pages (page-html.ts), allowed by its hash. */
const NONCE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(NONCE_SCRIPT).digest('base64')}'`;

/** The routes of the OpenAPI page (openapi.ts): Swagger UI's own HTML. */
const API_DOCS_PREFIX = '/api/docs';

/** The answers that must never be kept by a browser or a shared cache. */
export function isPrivateAnswer(request: Pick<FastifyRequest, 'url' | 'headers'>): boolean {
  // The refresh cookie only ever goes to /api/auth (refresh-cookie.ts): the sign-in, session,
  // refresh and Google answers are all there. The viewer cookie goes everywhere (Path=/) but
  // only changes the store redirect, which is no-store of its own: keyed on it, every asset a
  // signed-in owner loads would lose its cache.
  const path = request.url.split('?')[0]!;
  return (
    request.headers.authorization !== undefined ||
    path === '/api/auth' ||
    path.startsWith('/api/auth/')
  );
}

type SecurityConfig = Pick<GatewayConfig, 'PUBLIC_URL' | 'TRACKING_TAGS'>;

/**
 * The tags a comma-separated TRACKING_TAGS names (config.ts checks each is one of TRACKING_TAGS).
 */
const trackingTagsOf = (value: string): TrackingTag[] =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag): tag is TrackingTag => (TRACKING_TAGS as readonly string[]).includes(tag));

/**
 * Every answer's security headers, as @fastify/helmet sets them. The Content-Security-Policy is
 * the web app's: its scripts and stylesheets are its own files (index.html has nothing inline;
 * the public pages' data and JSON-LD are `<script type="application/json">` and
 * `application/ld+json`, which never run) but for the one script that hands the page's style
 * nonce over (page-html.ts, allowed by its hash), and its only inline styles are the ones
 * react-hot-toast writes in a `<style>` element, let through by that nonce (see PAGE_HELMET).
 * The API answers carry the same policy: it costs nothing and covers a JSON answer a browser is
 * tricked into showing as a page.
 */
export function securityHeaders(config: SecurityConfig): FastifyHelmetOptions {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  const tags = trackingTagsOf(config.TRACKING_TAGS).map((tag) => TAG_SOURCES[tag]);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", NONCE_SCRIPT_HASH, ...tags.flatMap((tag) => tag.script)],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        // Product pictures may be any https address an owner gave (image-urls.ts uses them as
        // they are); our own are same-origin; previews of a chosen file are blob: URLs.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...tags.flatMap((tag) => tag.img)],
        // The API is the page's own origin (/api).
        'connect-src': ["'self'", ...tags.flatMap((tag) => tag.connect)],
        'font-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // An http:// picture address on an https page is fetched over https (or not at all).
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Pages and API answers are for this origin only; the pictures and QR codes that other
    // sites may show say `cross-origin` (IMAGE_HELMET).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Off: it would refuse the owners' pictures from other sites (they send no CORP header).
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only where the public address is https: over plain http (a laptop, the tests) browsers
    // ignore it anyway, and localhost must stay reachable without a certificate.
    strictTransportSecurity: https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
      : false,
    xContentTypeOptions: true,
    // The older browsers' frame-ancestors.
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The web app's pages (web-app.ts) carry a fresh nonce in their CSP's style-src (and one in
 * script-src, which helmet adds and nothing uses), which the page hands to the app
 * (page-html.ts): react-hot-toast writes its styles in a `<style>` element, allowed by that
 * nonce and by nothing else.
 */
export const PAGE_HELMET = { enableCSPNonces: true } as const;

/**
 * The images the gateway serves (uploads, share cards, QR codes), as their routes declare it:
 * opened on their own they run nothing, whatever their bytes (an SVG's script included), and
 * other sites may show them (a shared link's preview, a page that embeds a product picture).
 */
export const IMAGE_HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} satisfies FastifyHelmetOptions;

/**
 * Swagger UI (/api/docs) writes its styles inline, in `<style>` elements and style attributes:
 * its route alone allows them. Its scripts are its own files, as everywhere else.
 */
function apiDocsHelmet(config: SecurityConfig): FastifyHelmetOptions {
  const base = securityHeaders(config);
  const csp = base.contentSecurityPolicy as { directives: Record<string, string[]> };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...csp.directives, 'style-src': ["'self'", "'unsafe-inline'"] },
    },
  };
}

/**
 * Registers the security headers for every route declared after it (so: before any route),
 * Permissions-Policy beside them (helmet has none), and `Cache-Control: no-store` on every
 * authenticated or sign-in answer, whatever the route set.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, config: SecurityConfig) {
  const fastify = app.getHttpAdapter().getInstance();
  const docs = apiDocsHelmet(config);
  // Before helmet's own onRoute hook, which reads the route's `helmet` option.
  fastify.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`))
      route.helmet = docs;
  });
  await app.register(fastifyHelmet, securityHeaders(config));
  fastify.addHook('onRequest', async (_request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (isPrivateAnswer(request)) void reply.header('cache-control', 'no-store');
  });
}
