import { analyticsStreamName, type UploadedImage } from '@kartlink/contracts';
import { pgQuery, waitFor } from '@kartlink/testing';
import { type Job, Queue } from 'bullmq';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { STORE_CONSUMER } from '@kartlink/analytics-service/testing';
import { IMAGE_QUEUE, type PrimaryJob } from '@kartlink/media-service/testing';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { type AppProcess, AppProcesses } from '../support/app-processes';
import { signUp, Visitor } from '../support/auth-client';
import { OwnStack } from '../support/own-stack';

/**
 * Graceful shutdown, app by app, on real processes from the build: SIGTERM lands while work is
 * in progress, the work finishes (an upload answers 201, a job completes, delivered events are
 * stored), nothing new is taken, and the process exits 0 on its own.
 */
jest.setTimeout(120_000);

const SERVICES = ['auth-service', 'shop-service', 'media-service', 'analytics-service'];
const CLICKS = 2000;
const stack = new OwnStack();
let apps: AppProcesses;
let base: string;
let queue: Queue<PrimaryJob>;
let owner: { token: string; userId: string };

type Outcome = { status: number } | { error: string };

/** One GET on its own connection (or the agent's), answering the status or the socket error. */
function probe(path: string, agent?: Agent): Promise<Outcome> {
  return new Promise((done) => {
    const req = request(`${base}${path}`, { agent: agent ?? false }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode! }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    req.end();
  });
}

async function ready() {
  await waitFor(async () => isOk(await probe('/api/health/ready')), {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: 'the gateway to be ready',
  });
}
const isOk = (outcome: Outcome) => 'status' in outcome && outcome.status === 200;
const NOT_SERVED: Outcome[] = [{ error: 'ECONNREFUSED' }, { error: 'ECONNRESET' }];

/** Each test starts with every app running, whatever the one before left. */
async function allRunning() {
  const stopped = [...SERVICES, 'gateway'].filter((app) => apps.running(app).length === 0);
  for (const app of stopped) apps.launch(app);
  if (stopped.length > 0) await ready();
}

async function upload(token: string) {
  const form = new FormData();
  form.append('type', 'product');
  const jpeg = await sampleJpeg(1200, 900);
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
  const response = await fetch(`${base}/api/photos/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: (await response.json()) as { data: UploadedImage } };
}

const jobsSeen = new Set<string>();

/** Starts an upload and waits until a worker runs its primary job: the upload is in flight. */
async function uploadInProgress() {
  const answer = upload(owner.token);
  const answered = new AbortController();
  void answer.then(
    (a) => answered.abort(new Error(`the upload answered before its job ran: ${a.status}`)),
    (err: Error) => answered.abort(err),
  );
  const job = await waitFor(
    async () =>
      (await queue.getActive()).find(
        (j) => j.name === 'primary' && j.data.userId === owner.userId && !jobsSeen.has(j.id!),
      ),
    {
      timeoutMs: 30_000,
      intervalMs: 50,
      description: 'the primary job to run',
      signal: answered.signal,
    },
  );
  jobsSeen.add(job.id!);
  return { answer, job: job as Job<PrimaryJob> & { id: string } };
}

const imageRows = (id: string) =>
  pgQuery<{ id: string; variants: { thumbnail?: unknown } }>(
    'SELECT id, variants FROM media.images WHERE id = $1',
    [id],
  );
const count = async (sql: string, params: unknown[] = []) =>
  Number((await pgQuery<{ n: string }>(sql, params))[0]!.n);

/** The shutdown's own two lines, in order: it started, and it ended. */
function expectShutdownLogged(app: AppProcess) {
  const start = app.messages.findIndex((m) => m.startsWith('shutting down'));
  const end = app.messages.indexOf('shut down');
  expect({ start: start >= 0, end: end > start }).toEqual({ start: true, end: true });
}

beforeAll(async () => {
  ({ apps, base } = await stack.start({
    name: 'graceful-shutdown',
    databasePrefix: 'kartlink_test_shutdown',
    logLevel: 'info',
    extraEnv: {
      WEB_DIST_DIR: '',
      RATE_LIMIT_MAX: '1000000',
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      // Each image job pauses this long: SIGTERM lands while it runs.
      MEDIA_TEST_DELAY_MS: '3000',
    },
  }));
  for (const service of SERVICES) await apps.migrate(service);
  for (const app of [...SERVICES, 'gateway']) apps.launch(app);
  await ready();
  queue = new Queue<PrimaryJob>(IMAGE_QUEUE, {
    connection: { url: stack.run.env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${stack.run.env.REDIS_KEY_PREFIX}bull`,
  });
  const visitor = new Visitor();
  const { session } = await signUp(visitor);
  owner = { token: visitor.accessToken!, userId: session.user.id };
});

afterAll(() => stack.stop(async () => queue?.close()));

it('gateway: refuses new connections at once, finishes the upload in flight, and exits 0', async () => {
  await allRunning();
  const [gateway] = apps.running('gateway');
  // A keep-alive connection, open and idle when SIGTERM comes.
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  expect(await probe('/api/health/live', keptAlive)).toEqual({ status: 200 });
  const { answer } = await uploadInProgress();

  apps.terminate(gateway!);
  await gateway!.logged(/^shutting down/);
  const refused = await waitFor(
    async () => {
      const outcome = await probe('/api/health/ready');
      return isOk(outcome) ? undefined : outcome;
    },
    { timeoutMs: 10_000, intervalMs: 20, description: 'readiness to stop answering 200' },
  );
  // New connections are refused; a request on a connection opened before is refused unread.
  // (ECONNRESET: accepted by the kernel just before the port closed, then reset unread.)
  expect(NOT_SERVED).toContainEqual(refused);
  expect([{ status: 503 }, ...NOT_SERVED]).toContainEqual(
    await probe('/api/health/ready', keptAlive),
  );
  keptAlive.destroy();

  const uploaded = await answer;
  expect(uploaded.status).toBe(201);
  expect(await imageRows(uploaded.body.data._id)).toHaveLength(1);
  expect(await gateway!.exited).toEqual({ code: 0, signal: null });
  expectShutdownLogged(gateway!);
  // The upload's answer went out after the shutdown had begun.
  const started = gateway!.lines.findIndex((l) => String(l.msg).startsWith('shutting down'));
  const answeredAfter = gateway!.lines
    .slice(started)
    .filter((l) => l.msg === 'request completed')
    .map((l) => (l.res as { statusCode?: number } | undefined)?.statusCode);
  expect(answeredAfter).toContain(201);
});

it('media-service: finishes the job in progress, answers the upload, and exits 0', async () => {
  await allRunning();
  const [media] = apps.running('media-service');
  const { answer, job } = await uploadInProgress();
  const terminatedAt = Date.now();
  apps.terminate(media!);

  const uploaded = await answer;
  expect(uploaded.status).toBe(201);
  expect(await media!.exited).toEqual({ code: 0, signal: null });
  expectShutdownLogged(media!);
  // The very job that was running when SIGTERM came completed in that process, not a retry.
  const finished = (await queue.getJob(job.id))!;
  expect({ state: await finished.getState(), attempts: finished.attemptsMade }).toEqual({
    state: 'completed',
    attempts: 1,
  });
  expect(finished.finishedOn).toBeGreaterThan(terminatedAt);
  expect(await imageRows(job.id)).toHaveLength(1);

  // Its thumbnail, queued as the primary job ended, is made by the next replica.
  apps.launch('media-service');
  await waitFor(async () => (await imageRows(job.id))[0]?.variants.thumbnail, {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: 'the thumbnail of the image',
  });
});

it('analytics-service: stores every event delivered to it before it exits 0', async () => {
  await allRunning();
  const [{ id: shopId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.shops (user_id, shop_url, shop_name, shop_description, is_shop_public, setup_completed)
     VALUES ($1, 'calm-exit', 'Calm Exit', 'Clicks across a SIGTERM', true, true) RETURNING id`,
    [randomUUID()],
  );
  const [{ id: productId }] = await pgQuery<{ id: string }>(
    `INSERT INTO shop.products (shop_id, short_code, title, store_urls)
     VALUES ($1, 'shawl', 'Shawl', '["https://www.amazon.in/dp/B0Y"]') RETURNING id`,
    [shopId!],
  );
  const [analytics] = apps.running('analytics-service');
  const load = stack.trackClicks({
    productId: productId!,
    connections: 10,
    amount: CLICKS,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
    click: { device: 'desktop', browser: 'Chrome', platform: 'amazon' },
  });
  const stored = () =>
    count('SELECT count(*) AS n FROM analytics.events WHERE product_id = $1', [productId]);
  await waitFor(async () => (await stored()) >= CLICKS / 8, {
    timeoutMs: 60_000,
    intervalMs: 20,
    description: 'clicks being stored',
  });
  apps.terminate(analytics!);
  expect(await analytics!.exited).toEqual({ code: 0, signal: null });
  expectShutdownLogged(analytics!);

  const result = await load;
  expect({ accepted: result['2xx'], refused: result.non2xx, errors: result.errors }).toEqual({
    accepted: CLICKS,
    refused: 0,
    errors: 0,
  });
  // Nothing was left delivered and unacknowledged: what it was given, it stored.
  const nats = await connect({ servers: stack.run.env.NATS_URL });
  const info = await (
    await nats.jetstreamManager()
  ).consumers.info(analyticsStreamName(stack.run.env.NATS_SUBJECT_PREFIX), STORE_CONSUMER);
  await nats.close();
  const storedAtExit = await stored();
  expect({
    ackPending: info.num_ack_pending,
    redelivered: info.num_redelivered,
    storedOrWaiting: storedAtExit + info.num_pending,
  }).toEqual({ ackPending: 0, redelivered: 0, storedOrWaiting: CLICKS });
  expect(storedAtExit).toBeLessThan(CLICKS);

  // The rest is stored by the next replica, each click once: one computer's taps on one store
  // within seconds are one click (issue 15), and every one of them is a tap.
  apps.launch('analytics-service');
  await waitFor(
    async () =>
      (await count(
        'SELECT coalesce(sum(taps), 0) AS n FROM analytics.product_daily WHERE product_id = $1',
        [productId],
      )) === CLICKS,
    { timeoutMs: 60_000, intervalMs: 250, description: 'every tap folded into the rollups' },
  );
  expect(await stored()).toBe(CLICKS);
  expect(
    await count(
      'SELECT coalesce(sum(clicks), 0) AS n FROM analytics.product_daily WHERE product_id = $1',
      [productId],
    ),
  ).toBe(1);
});
