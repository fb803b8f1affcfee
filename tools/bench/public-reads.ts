import { pgQuery } from '@kartlink/testing';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { createServer, get } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { cpus } from 'node:os';
import type { AddressInfo } from 'node:net';
import { benchStack } from './bench-stack';

/**
 * `npm run bench`: the public read path through the whole running product, beside a bare Node
 * http server answering the same JSON from memory, measured in the same run on this machine.
 * Seeds a public shop with 50 products, then loads GET /api/url/shop/{shop}/{code} and
 * GET /api/shop/{shop}/urls with autocannon, once as a client that takes no compression asks and
 * once as a browser asks (`Accept-Encoding: gzip, deflate, br`); the bare server answers the
 * latter with the body brotli-compressed once beforehand.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PRODUCTS = 50;
const BROWSER_ENCODINGS = 'gzip, deflate, br';

async function load(url: string, acceptEncoding?: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** The body's size as sent, and its encoding (fetch would decode it: plain http does not). */
function answerSize(url: string, acceptEncoding?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(`${bytes} B ${res.headers['content-encoding'] ?? 'plain'}`));
    }).on('error', reject);
  });
}

async function seed(shopUrl: string) {
  const userId = randomUUID();
  const [{ id: shopId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed, setup_steps)
     VALUES ($1, $2, 'Bench Finds', 'Fifty products for the benchmark', true, true,
             '{"shopUrl": true, "basicInfo": true, "profilePhoto": true}') RETURNING id`,
    [userId, shopUrl],
  );
  for (let i = 0; i < PRODUCTS; i += 1) {
    await pgQuery(
      `INSERT INTO shop.products (shop_id, short_code, title, description, price, brand, store_urls)
       VALUES ($1, $2, $3, 'A product of the benchmark shop', $4, 'Bench', $5)`,
      [
        shopId,
        `code-${i}`,
        `Product ${i}`,
        (499 + i).toFixed(2),
        JSON.stringify([
          'https://www.amazon.in/dp/B0' + i,
          'https://www.flipkart.com/p/' + i,
          'https://wa.me/9198765' + i,
        ]),
      ],
    );
  }
}

async function main() {
  const { run, stack } = await benchStack();
  const baseline = createServer();
  try {
    console.log('Starting the stack…');
    await stack.start();
    Object.assign(process.env, run.env);
    const shopUrl = `bench-${run.runId}`;
    await seed(shopUrl);
    const productPath = `/api/url/shop/${shopUrl}/code-7`;
    const listPath = `/api/shop/${shopUrl}/urls`;
    const bodies = new Map<string, string>();
    for (const path of [productPath, listPath]) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      if (!response.ok)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      bodies.set(path, await response.text());
    }
    const brotli = new Map([...bodies].map(([path, body]) => [path, brotliCompressSync(body)]));
    baseline.on('request', (req, res) => {
      const body = bodies.get(req.url ?? '');
      const compressed = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(body ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        ...(body && compressed ? { 'content-encoding': 'br' } : {}),
      });
      res.end(body ? (compressed ? brotli.get(req.url ?? '') : body) : '{}');
    });
    await new Promise<void>((done) => baseline.listen(0, '127.0.0.1', done));
    const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

    console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s each, on ${cpus().length} cores\n`);
    const rows = [];
    for (const [label, path] of [
      ['one product', productPath],
      ['product list (50)', listPath],
    ] as const) {
      for (const acceptEncoding of [undefined, BROWSER_ENCODINGS]) {
        const raw = await load(`${baselineUrl}${path}`, acceptEncoding);
        const product = await load(`${stack.baseUrl}${path}`, acceptEncoding);
        const sent = await answerSize(`${stack.baseUrl}${path}`, acceptEncoding);
        rows.push({
          read: label,
          'accept-encoding': acceptEncoding ?? '(none)',
          'Kartlink answer': sent,
          'bare http req/s': raw.rps,
          'Kartlink req/s': product.rps,
          ratio: `${((product.rps / raw.rps) * 100).toFixed(1)} %`,
          'p50 ms (bare / Kartlink)': `${raw.p50} / ${product.p50}`,
          'p99 ms (bare / Kartlink)': `${raw.p99} / ${product.p99}`,
        });
      }
    }
    console.table(rows);
  } finally {
    baseline.close();
    await stack.stop();
    await run.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
