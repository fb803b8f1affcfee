import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type RouteShorthandOptions } from 'fastify';
import { addSecurityHeaders, headerVariants, securityHeaders } from './security-headers';

// The headers are helmet's, written once per configuration and variant instead of by helmet's
// middleware on each request: here, every kind of answer gets exactly what @fastify/helmet
// itself gives it with the same options, so an upgrade of helmet (or a change of the options)
// that the precomputed headers would miss fails.

type Config = { PUBLIC_URL: string; TRACKING_TAGS: string };
type Variant = keyof ReturnType<typeof headerVariants>;

const CONFIGS: Config[] = [
  { PUBLIC_URL: 'https://kartlink.in', TRACKING_TAGS: 'google-analytics, meta-pixel' },
  { PUBLIC_URL: 'http://127.0.0.1:3000', TRACKING_TAGS: '' },
];

/** A route of each kind, as the gateway declares it. */
const ROUTES: Array<{ url: string; variant: Variant }> = [
  { url: '/api/shop/:shopUrl', variant: 'api' },
  { url: '/:shopUrl/:shortCode/go', variant: 'page' },
  { url: '/api/photos/:id', variant: 'image' },
  { url: '/api/docs', variant: 'docs' },
  { url: '/api/docs/static/:file', variant: 'docs' },
];

/** The requests: each route (GET and HEAD), a refusal, and a path no route has. */
const REQUESTS: Array<{ method: 'GET' | 'HEAD'; url: string }> = [
  ...[
    '/api/shop/priya',
    '/priya/red-saree/go',
    '/api/photos/1',
    '/api/docs',
    '/api/docs/static/x',
  ].flatMap((url) => [
    { method: 'GET' as const, url },
    { method: 'HEAD' as const, url },
  ]),
  { method: 'GET', url: '/api/shop/fail' },
  { method: 'GET', url: '/nowhere/at/all/here' },
];

function addRoutes(
  fastify: FastifyInstance,
  optionsOf: (variant: Variant) => RouteShorthandOptions,
) {
  for (const { url, variant } of ROUTES)
    fastify.get(url, optionsOf(variant), async (request, reply) => {
      if ((request.params as { shopUrl?: string }).shopUrl === 'fail')
        throw Object.assign(new Error('refused'), { statusCode: 400 });
      return { nonce: reply.cspNonce };
    });
}

/** How the gateway set them before: @fastify/helmet, each variant as its route options. */
async function withHelmet(config: Config): Promise<FastifyInstance> {
  const fastify = Fastify();
  const variants = headerVariants(config);
  await fastify.register(fastifyHelmet, securityHeaders(config));
  addRoutes(fastify, (variant) => {
    const { nonces, helmet } = variants[variant];
    if (nonces) return { helmet: { enableCSPNonces: true } };
    return helmet ? { helmet } : {};
  });
  return fastify;
}

/** How the gateway sets them now. */
function precomputed(config: Config): FastifyInstance {
  const fastify = Fastify();
  addSecurityHeaders(fastify, config);
  addRoutes(fastify, (variant) =>
    variant === 'api' || variant === 'docs' ? {} : { config: { securityHeaders: variant } },
  );
  return fastify;
}

/** An answer's headers but the date, with its own nonces (if any) named instead of written. */
async function headersOf(fastify: FastifyInstance, request: (typeof REQUESTS)[number]) {
  const answer = await fastify.inject(request);
  const { date: _date, ...headers } = answer.headers;
  const csp = headers['content-security-policy'];
  const nonce = /'nonce-([0-9a-f]{32})'.*'nonce-([0-9a-f]{32})'/.exec(String(csp));
  if (nonce) {
    if (request.method === 'GET')
      expect(answer.json()).toEqual({ nonce: { script: nonce[1], style: nonce[2] } });
    headers['content-security-policy'] = String(csp)
      .replace(nonce[1]!, '<script nonce>')
      .replace(nonce[2]!, '<style nonce>');
  }
  return { status: answer.statusCode, headers, nonces: nonce?.slice(1) };
}

describe.each(CONFIGS)('the precomputed security headers with $PUBLIC_URL', (config) => {
  let helmet: FastifyInstance;
  let ours: FastifyInstance;

  beforeAll(async () => {
    helmet = await withHelmet(config);
    ours = precomputed(config);
    await Promise.all([helmet.ready(), ours.ready()]);
  });
  afterAll(() => Promise.all([helmet.close(), ours.close()]));

  it.each(REQUESTS)('are helmet’s on $method $url', async (request) => {
    const expected = await headersOf(helmet, request);
    const actual = await headersOf(ours, request);
    // Helmet has no Permissions-Policy: the gateway adds it beside.
    expect(actual.headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\)/);
    delete actual.headers['permissions-policy'];
    expect({ ...actual, nonces: undefined }).toEqual({ ...expected, nonces: undefined });
    expect(actual.nonces?.length).toBe(expected.nonces?.length);
  });

  it('gives each page fresh nonces', async () => {
    const first = await headersOf(ours, { method: 'GET', url: '/priya/red-saree/go' });
    const second = await headersOf(ours, { method: 'GET', url: '/priya/red-saree/go' });
    expect(first.nonces).toHaveLength(2);
    expect(second.nonces).toHaveLength(2);
    expect(new Set([...first.nonces!, ...second.nonces!]).size).toBe(4);
  });
});
