import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@kartlink/config';
import { SERVER_RENDERER_FILE } from '@kartlink/contracts';
import { createLogger } from '@kartlink/server-kit';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway } from '../src/app.factory';
import { configSchema } from '../src/config';

const INDEX =
  '<!doctype html><html><head><title>Kartlink</title></head><body><div id="root"></div></body></html>';
// The page as served: the public address in the head, for the links the app shows.
const SERVED = INDEX.replace(
  '</head>',
  '<meta name="kartlink:public-url" content="https://shop.example.in" /></head>',
);

const RENDERER =
  'exports.renderPublicPage = async () => "<main>secret-free, but not for download</main>";';

/**
 * A page's HTML without the hand-over of its CSP style nonce (page-html.ts), once that nonce
 * is checked to be the one its Content-Security-Policy names.
 */
async function pageOf(res: Response): Promise<string> {
  const html = await res.text();
  const handOver = /<meta property="csp-nonce" nonce="([0-9a-f]+)" \/><script>[^<]*<\/script>/;
  const nonce = handOver.exec(html)?.[1];
  expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce}'`);
  return html.replace(handOver, '');
}

let dist: string;
let gateway: NestFastifyApplication;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kartlink-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's own files beside the served ones: the server renderer and Vite's manifest.
  mkdirSync(join(dist, '.server'));
  writeFileSync(join(dist, SERVER_RENDERER_FILE), RENDERER);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  const config = loadConfig(configSchema, {
    ...process.env,
    WEB_DIST_DIR: dist,
    PUBLIC_URL: 'https://shop.example.in',
  });
  gateway = await createGateway(config, createLogger('gateway', 'silent'));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

const NOT_LISTED = SERVED.replace('</head>', '<meta name="robots" content="noindex" /></head>');

describe('the built web app, served by the gateway', () => {
  it.each(['/', '/privacy-policy'])(
    'answers %s with the app page and the public address, never cached',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await pageOf(res)).toBe(SERVED);
    },
  );

  it('answers the dashboard’s pages with the app page, kept out of search results', async () => {
    const res = await fetch(`${base}/dashboard/shop/seo`);
    expect(res.status).toBe(200);
    expect(await pageOf(res)).toBe(NOT_LISTED);
  });

  // No shop-service runs here: what a public page shows cannot be known.
  it.each(['/asha-styles', '/asha-styles/summer-kurta'])(
    'answers %s with the app page while the services cannot say what it is, to be asked again',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await pageOf(res)).toBe(NOT_LISTED);
    },
  );

  it.each([`/${SERVER_RENDERER_FILE}`, '/.vite/manifest.json'])(
    'does not serve the build’s own file %s',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('renderPublicPage');
    },
  );

  it('serves hashed assets with a year-long cache', async () => {
    const res = await fetch(`${base}/assets/index-3f2a1b.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log("app")');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with a short cache', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers a missing file with 404 rather than the page', async () => {
    const res = await fetch(`${base}/assets/index-old.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<html');
  });

  it('keeps unknown API routes as API errors', async () => {
    const res = await fetch(`${base}/api/shops/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'ROUTE_NOT_FOUND' });
  });
});
