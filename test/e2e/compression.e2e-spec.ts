import type { Shop } from '@kartlink/contracts';
import { stackBaseUrl } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { signUp, Visitor } from '../support/auth-client';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, still compressed. */
  body: Buffer;
}

/** A GET as sent on the wire: fetch would inflate the body and hide what the server sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

function decoded({ headers, body }: RawAnswer): string {
  switch (headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return gunzipSync(body).toString('utf8');
    case undefined:
      return body.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${String(headers['content-encoding'])}`);
  }
}

const varies = (answer: RawAnswer) => /accept-encoding/i.test(String(answer.headers.vary ?? ''));

const CHROME = 'gzip, deflate, br, zstd';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

/**
 * Asks `url` twice in brotli and twice in gzip, as browsers do: each answer in that encoding,
 * of the type given, varying on Accept-Encoding, less than half the plain answer's size, and
 * the same bytes once decoded.
 */
async function expectCompressedTwice(
  url: string,
  headers: Record<string, string>,
  plain: RawAnswer,
  type: string,
) {
  for (const [acceptEncoding, expected] of [
    [CHROME, 'br'],
    [CHROME, 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate', 'gzip'],
  ] as const) {
    const answer = await rawGet(url, { ...headers, 'accept-encoding': acceptEncoding });
    expect({ url, encoding: answer.headers['content-encoding'] }).toEqual({
      url,
      encoding: expected,
    });
    expect(answer.headers['content-type']).toBe(type);
    expect(varies(answer)).toBe(true);
    expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    expect(decoded(answer)).toBe(plain.body.toString('utf8'));
  }
}

/** A new owner with a public shop. */
async function ownerWithShop(): Promise<{ owner: Visitor; shopUrl: string }> {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = `squeeze-${Date.now().toString(36)}-${randomInt(1e6)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Squeeze Finds',
    shopDescription: 'Enough products to be worth compressing',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(shop.status).toBe(200);
  return { owner, shopUrl };
}

describe('compressed answers', () => {
  const baseUrl = stackBaseUrl();

  it('sends the web app’s scripts as built in brotli or gzip, as Accept-Encoding asks', async () => {
    const page = await (await fetch(`${baseUrl}/`)).text();
    const script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const url = `${baseUrl}${script}`;

    const plain = await rawGet(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    const source = plain.body.toString('utf8');

    for (const [acceptEncoding, expected] of [
      [CHROME, 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const answer = await rawGet(url, { 'accept-encoding': acceptEncoding });
      expect({ acceptEncoding, encoding: answer.headers['content-encoding'] }).toEqual({
        acceptEncoding,
        encoding: expected,
      });
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(answer)).toBe(true);
      expect(answer.body.length).toBeLessThan(plain.body.length / 2);
      expect(decoded(answer)).toBe(source);
    }
  });

  it('gzips a page for Facebook’s link-preview fetcher', async () => {
    const answer = await rawGet(`${baseUrl}/some-shop`, {
      'accept-encoding': 'gzip, deflate',
      'user-agent': FACEBOOK,
    });
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(decoded(answer)).toMatch(/<div id="root">/);
  });

  it('sends a shop’s product list compressed, the same JSON as uncompressed', async () => {
    const { owner, shopUrl } = await ownerWithShop();
    for (let i = 0; i < 8; i += 1) {
      const created = await owner.post('/urls', {
        title: `Block-print cotton kurta ${i}`,
        description: 'Hand block-printed in Jaipur, in soft cotton for the summer',
        price: 1299 + i,
        brand: 'Squeeze',
        originalURLs: [`amazon.in/dp/B0KURTA${i}`, `https://www.myntra.com/kurta/${i}`],
      });
      expect(created.status).toBe(201);
    }
    const url = `${baseUrl}/api/shop/${shopUrl}/urls`;

    const plain = await rawGet(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body.toString('utf8');
    expect((JSON.parse(json) as { data: unknown[] }).data).toHaveLength(8);

    // The second answer of each encoding comes from the cache entry's compressed copy.
    await expectCompressedTwice(url, {}, plain, 'application/json; charset=utf-8');

    // A small answer goes as it is: compressing it would save nothing worth the headers.
    const small = await rawGet(`${baseUrl}/api/shop/${shopUrl}/stats`, {
      'accept-encoding': CHROME,
    });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the owner’s reports compressed, the same JSON and CSV as uncompressed', async () => {
    const { owner } = await ownerWithShop();
    const auth = { authorization: `Bearer ${owner.accessToken!}` };
    for (const [path, type] of [
      ['/api/analytics/overview', 'application/json; charset=utf-8'],
      ['/api/analytics/export.csv', 'text/csv; charset=utf-8'],
    ]) {
      const plain = await rawGet(`${baseUrl}${path}`, auth);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-store');
      // The second answer of each encoding is the kept report's compressed copy.
      await expectCompressedTwice(`${baseUrl}${path}`, auth, plain, type);
    }
  });

  it('compresses the other API answers over a kilobyte, such as the OpenAPI document', async () => {
    const answer = await rawGet(`${baseUrl}/api/docs/json`, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(answer))).toHaveProperty('openapi');
  });
});
