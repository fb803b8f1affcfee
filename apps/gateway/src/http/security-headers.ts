import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * Every answer's security headers, as helmet's options (helmet writes them once per
 * configuration and variant, see registerSecurityHeaders). The Content-Security-Policy is
 * the web app's: its scripts and stylesheets are its own files (index.html has nothing inline;
 * the public pages' data and JSON-LD are `<script type="application/json">` and
 * `application/ld+json`, which never run) but for the one script that hands the page's style
 * nonce over (page-html.ts, allowed by its hash), and its only inline styles are the ones
 * react-hot-toast writes in a `<style>` element, let through by that nonce (see PAGE_HELMET).
 * The API answers carry the same policy: it costs nothing and covers a JSON answer a browser is
 * tricked into showing as a page.
 */
export function securityHeaders(config: SecurityConfig): HelmetOptions {
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
 * The kinds of answer whose headers differ from the API's, as a route declares it in its config
 * (`config: { securityHeaders: 'page' }`); /api/docs is told by its path.
 *
 * - `page`: the web app's pages (web-app.ts) carry a fresh nonce in their CSP's style-src (and
 *   one in script-src, which nothing uses), which the page hands to the app (page-html.ts):
 *   react-hot-toast writes its styles in a `<style>` element, allowed by that nonce and by
 *   nothing else. The nonces are the reply's `cspNonce`.
 * - `image`: the images the gateway serves (uploads, share cards, QR codes): opened on their own
 *   they run nothing, whatever their bytes (an SVG's script included), and other sites may show
 *   them (a shared link's preview, a page that embeds a product picture).
 */
type HeaderVariant = 'page' | 'image';
type Variant = 'api' | HeaderVariant | 'docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: HeaderVariant | 'docs';
  }
  interface FastifyReply {
    /** The page's CSP nonces (the `page` variant only; null elsewhere). */
    cspNonce: { script: string; style: string };
  }
}

/** Where a variant differs from every answer's options, as helmet's route options. */
interface VariantOptions {
  /** A fresh nonce per answer in script-src and style-src. */
  nonces?: boolean;
  /** Helmet's options replacing the base ones, each as a whole. */
  helmet?: HelmetOptions;
}

const IMAGE_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], sandbox: [] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} satisfies HelmetOptions;

/**
 * Swagger UI (/api/docs) writes its styles inline, in `<style>` elements and style attributes:
 * its route alone allows them. Its scripts are its own files, as everywhere else.
 */
function apiDocsOptions(config: SecurityConfig): HelmetOptions {
  const base = securityHeaders(config);
  const csp = base.contentSecurityPolicy as { directives: Record<string, string[]> };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...csp.directives, 'style-src': ["'self'", "'unsafe-inline'"] },
    },
  };
}

/** Each variant's difference from every answer's headers (as @fastify/helmet's route options). */
export function headerVariants(config: SecurityConfig): Record<Variant, VariantOptions> {
  return {
    api: {},
    page: { nonces: true },
    image: { helmet: IMAGE_OPTIONS },
    docs: { helmet: apiDocsOptions(config) },
  };
}

/** Stand-ins for the nonces while the page variant's policy is written once. */
const NONCE_SLOTS = { script: 'kartlinkscriptnonceslot', style: 'kartlinkstylenonceslot' } as const;
type Nonces = { script: string; style: string };

/**
 * A header's value: written once, or (the page's policy) the text around the answer's nonces,
 * as `split` with a group gives it: the even parts are text, the odd ones name a nonce.
 */
type HeaderValue = string | string[];

interface HeaderSet {
  set: Array<[name: string, value: HeaderValue]>;
  removed: string[];
  nonces: boolean;
}

/**
 * What helmet's middleware writes with these options, run once on a stand-in response: the
 * headers it sets, in its order, and those it removes. With `nonces`, the nonces go at the end
 * of script-src and style-src, as @fastify/helmet puts them, and the policy is kept as the text
 * around them.
 */
function helmetHeaders(options: HelmetOptions, nonces: boolean): HeaderSet {
  let effective = options;
  if (nonces && options.contentSecurityPolicy !== false) {
    const csp =
      typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : {};
    const directives: Record<string, unknown> = {
      ...(csp.directives ?? helmet.contentSecurityPolicy.getDefaultDirectives()),
    };
    const scriptKey = Array.isArray(directives['script-src']) ? 'script-src' : 'scriptSrc';
    directives[scriptKey] = [
      ...(Array.isArray(directives[scriptKey]) ? (directives[scriptKey] as string[]) : []),
      `'nonce-${NONCE_SLOTS.script}'`,
    ];
    const styleKey = Array.isArray(directives['style-src']) ? 'style-src' : 'styleSrc';
    directives[styleKey] = [
      ...(Array.isArray(directives[styleKey]) ? (directives[styleKey] as string[]) : []),
      `'nonce-${NONCE_SLOTS.style}'`,
    ];
    effective = {
      ...options,
      contentSecurityPolicy: {
        directives: directives as never,
        reportOnly: csp.reportOnly,
        useDefaults: csp.useDefaults,
      },
    };
  }
  const set: HeaderSet['set'] = [];
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return response;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(effective)({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  if (!nonces) return { set, removed, nonces };
  const slots = new RegExp(`(${NONCE_SLOTS.script}|${NONCE_SLOTS.style})`);
  const slotNames: Record<string, keyof Nonces> = {
    [NONCE_SLOTS.script]: 'script',
    [NONCE_SLOTS.style]: 'style',
  };
  const withSlots = set.map(([name, value]): [string, HeaderValue] => {
    const parts = (value as string).split(slots);
    if (parts.length === 1) return [name, value];
    return [name, parts.map((part, i) => (i % 2 === 0 ? part : slotNames[part]!))];
  });
  return { set: withSlots, removed, nonces };
}

/**
 * Every variant's headers, written once for a configuration: what @fastify/helmet would write
 * on each answer with `securityHeaders(config)` and the variant's route options (the variant's
 * options replace the base ones of the same name).
 */
function precomputedHeaders(config: SecurityConfig): Record<Variant, HeaderSet> {
  const base = securityHeaders(config);
  const variants = headerVariants(config);
  return Object.fromEntries(
    Object.entries(variants).map(([variant, { nonces = false, helmet: options }]) => [
      variant,
      helmetHeaders({ ...base, ...options } as HelmetOptions, nonces),
    ]),
  ) as Record<Variant, HeaderSet>;
}

/** A value written around the nonces, with this answer's. */
function fill(parts: string[], nonces: Nonces): string {
  let value = parts[0]!;
  for (let i = 1; i < parts.length; i += 2)
    value += nonces[parts[i] as keyof Nonces] + parts[i + 1]!;
  return value;
}

/**
 * Sets the security headers on every answer (a route's variant from its config, /api/docs's by
 * its path), Permissions-Policy beside them (helmet has none), and `Cache-Control: no-store` on
 * every authenticated or sign-in answer, whatever the route set. The headers are helmet's,
 * written once per variant (precomputedHeaders), not built again on each request: building
 * helmet's middleware per request was a twelfth of the gateway's time on every route. Register
 * before any route: each route's variant is read as it is declared.
 */
export function addSecurityHeaders(fastify: FastifyInstance, config: SecurityConfig) {
  const headers = precomputedHeaders(config);
  // Null but on pages (typed as the pages read it, as @fastify/helmet types it).
  fastify.decorateReply('cspNonce', null as unknown as Nonces);
  fastify.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`))
      route.config = Object.assign(route.config ?? Object.create(null), {
        securityHeaders: 'docs',
      });
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const { set, removed, nonces } = headers[request.routeOptions.config.securityHeaders ?? 'api'];
    const raw = reply.raw;
    let nonce: Nonces | undefined;
    if (nonces) {
      nonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
      reply.cspNonce = nonce;
    }
    for (const [name, value] of set)
      raw.setHeader(name, typeof value === 'string' ? value : fill(value, nonce!));
    for (const name of removed) raw.removeHeader(name);
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** addSecurityHeaders on the gateway's Fastify. */
export function registerSecurityHeaders(app: NestFastifyApplication, config: SecurityConfig) {
  addSecurityHeaders(app.getHttpAdapter().getInstance(), config);
}
