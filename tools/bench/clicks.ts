import { analyticsStreamName, Events } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { connect } from 'nats';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { benchStack } from './bench-stack';

/**
 * `npm run bench -- clicks`: sustained click recording through the whole running product
 * (POST /api/analytics/track/{id}, answered 202 once JetStream has stored the event), beside a
 * bare Node http server accepting the same POST, measured in the same run on this machine.
 * Then the time from the end of the load until the rollups include every accepted click (as a
 * tap) and shop-service's product clicks the clicks counted, and a check that each accepted
 * click is stored exactly once.
 *
 * Visitors come from many addresses (X-Forwarded-For behind TRUST_PROXY), so the per-address
 * budget (TRACK_RATE_LIMIT_PER_MINUTE) stays in the path without refusing the load.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PRODUCTS = 10;
const ADDRESSES = 2000;
const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const BODIES = ['amazon', 'flipkart', 'myntra', 'meesho'].map((platform) =>
  JSON.stringify({ device: 'mobile', browser: 'Chrome', location: 'Asia/Kolkata', platform }),
);

async function seed(shopUrl: string) {
  const [{ id: shopId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed)
     VALUES ($1, $2, 'Bench Finds', 'Products for the click benchmark', true, true) RETURNING id`,
    [randomUUID(), shopUrl],
  );
  const productIds: string[] = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const [{ id }] = await pgQuery<{ id: string }>(
      `INSERT INTO shop.products (shop_id, short_code, title, store_urls)
       VALUES ($1, $2, $3, '["https://www.amazon.in/dp/B0X", "https://www.flipkart.com/p/x"]')
       RETURNING id`,
      [shopId, `code-${i}`, `Product ${i}`],
    );
    productIds.push(id);
  }
  return { shopId, productIds };
}

/** 30 s of clicks on random products from random addresses; the answers must all be 2xx. */
async function load(base: string, productIds: string[]) {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            path: `/api/analytics/track/${productIds[n % productIds.length]}`,
            headers: {
              'content-type': 'application/json',
              'user-agent': CHROME,
              'x-forwarded-for': `10.0.${(n % ADDRESSES) >> 8}.${(n % ADDRESSES) & 255}`,
            },
            body: BODIES[n % BODIES.length],
          };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors and ${result.timeouts} timeouts under load`,
    );
  }
  return {
    accepted: result['2xx'],
    perSecond: Math.round(result['2xx'] / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/**
 * Clicks the ANALYTICS stream acknowledged: the 202s autocannon counted, plus the last request
 * of each connection, answered after autocannon stopped listening at the end of the duration.
 */
async function acceptedOnStream(natsUrl: string, prefix: string): Promise<number> {
  const nats = await connect({ servers: natsUrl });
  try {
    const manager = await nats.jetstreamManager();
    const subject = `${prefix}${Events.analyticsClick}`;
    const info = await manager.streams.info(analyticsStreamName(prefix), {
      subjects_filter: subject,
    });
    return info.state.subjects?.[subject] ?? 0;
  } finally {
    await nats.close();
  }
}

/** Seconds from `started` until `count()` reaches `target`, polled every 100 ms. */
async function secondsUntil(
  started: number,
  target: number,
  count: () => Promise<number>,
  timeoutMs = 300_000,
) {
  for (;;) {
    const now = await count();
    if (now >= target) {
      if (now > target) throw new Error(`counted ${now}, more than the ${target} accepted`);
      return (Date.now() - started) / 1000;
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`only ${now} of ${target} after ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function main() {
  const { run, stack } = await benchStack({ extraEnv: { TRUST_PROXY: '1' } });
  // The ceiling: the same POST read and answered 202 from memory.
  const baseline = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(202, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ success: true, data: { eventId: randomUUID() } }));
    });
  });
  try {
    console.log('Starting the stack…');
    await stack.start();
    Object.assign(process.env, run.env);
    const { shopId, productIds } = await seed(`bench-${run.runId}`);
    await new Promise<void>((done) => baseline.listen(0, '127.0.0.1', done));
    const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

    console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s each, on ${cpus().length} cores\n`);
    const raw = await load(baselineUrl, productIds);
    const kartlink = await load(stack.baseUrl, productIds);
    const ended = Date.now();
    console.table([
      {
        server: 'bare http (202 from memory)',
        'accepted/s': raw.perSecond,
        accepted: raw.accepted,
        'p50 ms': raw.p50,
        'p99 ms': raw.p99,
      },
      {
        server: 'Kartlink (202 after JetStream ack)',
        'accepted/s': kartlink.perSecond,
        accepted: kartlink.accepted,
        'p50 ms': kartlink.p50,
        'p99 ms': kartlink.p99,
      },
    ]);
    console.log(
      `Kartlink accepted ${((kartlink.perSecond / raw.perSecond) * 100).toFixed(1)} % of the bare server's rate.`,
    );
    // The requests still in flight when autocannon stopped are answered within a moment.
    await new Promise((done) => setTimeout(done, 500));
    const accepted = await acceptedOnStream(run.env.NATS_URL, run.env.NATS_SUBJECT_PREFIX);
    // Every acknowledged click is a tap in the rollups, once; the clicks counted (a visitor's
    // repeated taps on a store within the window are one click) reach shop-service's products.
    const rollupsAfter = await secondsUntil(ended, accepted, async () => {
      const [row] = await pgQuery<{ n: number }>(
        'SELECT coalesce(sum(taps), 0)::int AS n FROM analytics.shop_daily WHERE shop_id = $1',
        [shopId],
      );
      return row.n;
    });
    const [counted] = await pgQuery<{ n: number }>(
      'SELECT coalesce(sum(clicks), 0)::int AS n FROM analytics.product_daily WHERE shop_id = $1',
      [shopId],
    );
    const productsAfter = await secondsUntil(ended, counted.n, async () => {
      const [row] = await pgQuery<{ n: number }>(
        'SELECT coalesce(sum(clicks), 0)::int AS n FROM shop.products WHERE shop_id = $1',
        [shopId],
      );
      return row.n;
    });
    // The event id is the table's key: a click stored twice would be a second id.
    const [stored] = await pgQuery<{ n: number }>(
      'SELECT count(*)::int AS n FROM analytics.events WHERE shop_id = $1',
      [shopId],
    );
    if (stored.n !== accepted)
      throw new Error(`${accepted} clicks acknowledged, ${stored.n} events stored`);
    console.log(
      `${accepted} clicks acknowledged by the stream (${kartlink.accepted} 202s counted by autocannon, ` +
        `plus the requests in flight when it stopped); ${stored.n} events stored, each once.\n` +
        `After the load ended, the rollups included every one (as taps; ${counted.n} counted clicks, ` +
        `the rest a visitor's repeated taps) in ${rollupsAfter.toFixed(1)} s, ` +
        `shop-service's product clicks in ${productsAfter.toFixed(1)} s.`,
    );
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
