import { ErrorCode } from '@kartlink/contracts';
import { findFreePort, stopProcess, waitForExit } from '@kartlink/infra';
import { pgQuery, provisionTestRun, type TestRun, waitFor } from '@kartlink/testing';
import { type Job, Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { IMAGE_QUEUE, type PrimaryJob } from '../../apps/media-service/src/processing/jobs';
import { TestBlobs } from '../../apps/media-service/test/support/media-harness';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { type Answer, signUp, Visitor } from '../support/auth-client';
import { appEnvironment } from '../../tools/stack';

/**
 * The media fault test: media-service is killed with SIGKILL while an upload's primary job is
 * running. The job must be retried and complete (its row, its primary blob, then its thumbnail),
 * and nothing half-written may stay behind: no blob without a row, no incoming upload, one row.
 *
 * It runs its own small product (gateway, auth-service for the sign-in, media-service, as real
 * processes from the build) on a run of its own, so that it can kill media-service without
 * touching the stack the other e2e tests use.
 */
jest.setTimeout(240_000);

// The upload whose worker was killed answers 504 after this; the retry must read the incoming
// blob before then, since the gateway deletes it with its answer.
const UPLOAD_TIMEOUT_MS = 30_000;
const rootDir = resolve(__dirname, '..', '..');
const children = new Set<ChildProcess>();
const launched = new Map<string, number>();
const savedEnv: NodeJS.ProcessEnv = {};
let run: TestRun;
let env: NodeJS.ProcessEnv;
let base: string;
let log: WriteStream;
let queue: Queue<PrimaryJob>;
let blobs: TestBlobs;

/** A line of the test's own in the log, to read the processes' lines against. */
const mark = (text: string) => log.write(`[test] ${new Date().toISOString()} ${text}\n`);

function launch(app: string, script: 'main' | 'migrate', extraEnv: NodeJS.ProcessEnv = {}) {
  let label = `${app}:migrate`;
  if (script === 'main') {
    const number = (launched.get(app) ?? 0) + 1;
    launched.set(app, number);
    label = `${app}#${number}`;
  }
  const child = spawn(process.execPath, [join('apps', app, 'dist', `${script}.js`)], {
    cwd: rootDir,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    log.write(`[${label}] exited (${signal ?? `code ${code}`})\n`);
  });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream! }).on('line', (line) => log.write(`[${label}] ${line}\n`));
  return child;
}

const running = (app: string) =>
  [...children].filter((child) => child.spawnargs.join(' ').includes(`${app}/dist/main.js`));

async function migrate(app: string) {
  const status = await waitForExit(launch(app, 'migrate'));
  if (status.code !== 0) throw new Error(`${app} migrations failed: see the fault log`);
}

async function healthy(service: string) {
  await waitFor(
    async () => (await fetch(`${base}/api/health/services/${service}`)).status === 200,
    { timeoutMs: 60_000, intervalMs: 250, description: `${service}-service to answer` },
  );
}

async function kill(child: ChildProcess) {
  mark(`SIGKILL to media-service pid ${child.pid}`);
  child.kill('SIGKILL');
  expect(await waitForExit(child)).toEqual({ code: null, signal: 'SIGKILL' });
}

/** A new person, signed in on this run's product. */
async function owner() {
  const visitor = new Visitor();
  const { session } = await signUp(visitor);
  return { token: visitor.accessToken!, userId: session.user.id };
}

/** POST /photos/upload of a product photo, as the web sends it. */
async function upload(token: string): Promise<Omit<Answer, 'setCookie'>> {
  const form = new FormData();
  form.append('type', 'product');
  const jpeg = await sampleJpeg(1200, 900);
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
  const response = await fetch(`${base}/api/photos/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    // Far beyond the gateway's own limit: an upload that never answers fails here, not hangs.
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS + 60_000),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** Starts an upload and waits until a worker is running its primary job. */
async function uploadInProgress(token: string, userId: string) {
  const answered = new AbortController();
  const answer = upload(token);
  void answer.then(
    (a) => answered.abort(new Error(`the upload answered before its job ran: ${a.status}`)),
    (err: Error) => answered.abort(err),
  );
  const job = await waitFor(
    async () =>
      (await queue.getActive()).find((j) => j.name === 'primary' && j.data.userId === userId),
    {
      timeoutMs: 30_000,
      intervalMs: 50,
      description: 'the primary job to be running',
      signal: answered.signal,
    },
  );
  mark(`primary job ${job.id} running`);
  return { answer, job: job as Job<PrimaryJob> & { id: string } };
}

const rowsOf = (userId: string) =>
  pgQuery<{ id: string; variants: { thumbnail?: unknown } }>(
    'SELECT id, variants FROM media.images WHERE user_id = $1',
    [userId],
  );

/** The image's row with its thumbnail made: the primary job and the variants job completed. */
async function completed(imageId: string, userId: string) {
  await waitFor(
    async () => (await rowsOf(userId)).some((row) => row.id === imageId && row.variants.thumbnail),
    { timeoutMs: 60_000, intervalMs: 250, description: `image ${imageId} and its thumbnail` },
  ).catch(async (err: Error) => {
    const job = await queue.getJob(imageId);
    throw new Error(`${err.message}: job ${JSON.stringify(job && (await job.getState()))}`);
  });
  mark(`image ${imageId} stored with its thumbnail`);
}

/** Everything a user would notice, and everything that could be left half-written. */
async function expectStoredOnce(imageId: string, userId: string) {
  expect((await rowsOf(userId)).map((row) => row.id)).toEqual([imageId]);
  const job = (await queue.getJob(imageId))!;
  // The very job of the upload ran again, moved back by stalled-job detection.
  expect({ state: await job.getState(), stalled: job.stalledCounter }).toEqual({
    state: 'completed',
    stalled: 1,
  });
  const keys = await blobs.keys();
  expect(keys).toEqual(
    expect.arrayContaining([`images/${imageId}/primary`, `images/${imageId}/thumbnail`]),
  );
  expect(keys.filter((key) => key.startsWith('incoming/'))).toEqual([]);
  expect(await blobs.orphans()).toEqual([]);

  const primary = await fetch(`${base}/api/shop/product-images/${imageId}`);
  expect({ status: primary.status, type: primary.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'image/jpeg',
  });
  const thumbnail = await fetch(`${base}/api/shop/product-images/${imageId}/thumbnail`);
  // Immutable: the thumbnail itself, not the primary standing in for it.
  expect({ status: thumbnail.status, cache: thumbnail.headers.get('cache-control') }).toEqual({
    status: 200,
    cache: 'public, max-age=31536000, immutable',
  });
}

/** The client of the killed worker: a 504 in the error envelope, never a hang. */
function expectTimedOut(answer: Omit<Answer, 'setCookie'>) {
  expect(answer).toEqual({
    status: 504,
    body: expect.objectContaining({
      success: false,
      errorCode: ErrorCode.SERVICE_TIMEOUT,
      error: expect.any(String),
    }),
  });
}

beforeAll(async () => {
  run = await provisionTestRun({ rootDir, databasePrefix: 'kartlink_test_fault' });
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  mkdirSync(join(rootDir, 'test-results'), { recursive: true });
  log = createWriteStream(join(rootDir, 'test-results', 'media-fault.log'));
  log.write(`${run.summary}\n`);
  env = appEnvironment({
    rootDir,
    infra: run.env,
    port,
    host: '127.0.0.1',
    publicUrl: base,
    webOrigins: [base],
    nodeEnv: 'test',
    logLevel: 'info',
    extraEnv: {
      WEB_DIST_DIR: '',
      UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS),
      // media-service gives up before the gateway does, as with the defaults (50 s and 55 s).
      MEDIA_PROCESS_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS - 5_000),
      // Each primary job pauses this long after reading the upload: the kill lands mid-job.
      MEDIA_TEST_DELAY_MS: '3000',
      // A dead worker's job is found stalled within seconds, instead of 10 to 20.
      MEDIA_JOB_LOCK_MS: '2000',
      MEDIA_STALLED_CHECK_MS: '1000',
    },
  });
  // The shared helpers (sign-up, mail, blobs, pgQuery) read the run from process.env: this
  // file's own run until afterAll puts the e2e stack's back.
  for (const key of [...Object.keys(run.env), 'KARTLINK_BASE_URL'])
    savedEnv[key] = process.env[key];
  Object.assign(process.env, run.env, { KARTLINK_BASE_URL: base });

  await migrate('auth-service');
  await migrate('media-service');
  launch('auth-service', 'main');
  launch('media-service', 'main');
  launch('gateway', 'main');
  await healthy('auth');
  await healthy('media');
  queue = new Queue<PrimaryJob>(IMAGE_QUEUE, {
    connection: { url: run.env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${run.env.REDIS_KEY_PREFIX}bull`,
  });
  blobs = await TestBlobs.open();
});

afterAll(async () => {
  await Promise.all([...children].map((child) => stopProcess(child)));
  await queue?.close();
  await blobs?.close();
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  log?.end();
  await run?.cleanup();
});

it('completes an image whose media-service was killed mid-job, once restarted, leaving nothing half-written', async () => {
  const { token, userId } = await owner();
  const [media] = running('media-service');
  const { answer, job } = await uploadInProgress(token, userId);

  await kill(media!);
  // Killed mid-job: nothing committed, and the job still held by the dead worker.
  expect(await rowsOf(userId)).toEqual([]);
  expect(await job.getState()).toBe('active');

  launch('media-service', 'main');
  await completed(job.id, userId);
  await expectStoredOnce(job.id, userId);

  expectTimedOut(await answer);
  // Still nothing left over once the gateway has answered and deleted its incoming blob.
  expect(await blobs.orphans()).toEqual([]);
});

it('lets another running replica finish the job of a replica killed mid-job', async () => {
  const { token, userId } = await owner();
  await Promise.all(running('media-service').map((child) => stopProcess(child)));
  // Its jobs end only by the kill, so the second replica can start while it holds one.
  const doomed = launch('media-service', 'main', { MEDIA_TEST_DELAY_MS: '600000' });
  await healthy('media');
  const { answer, job } = await uploadInProgress(token, userId);

  const workers = await queue.getWorkersCount();
  launch('media-service', 'main');
  await waitFor(async () => (await queue.getWorkersCount()) > workers, {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: 'the second replica to take jobs',
  });
  expect(await job.getState()).toBe('active');

  await kill(doomed);
  expect(await rowsOf(userId)).toEqual([]);
  await completed(job.id, userId);
  await expectStoredOnce(job.id, userId);

  expectTimedOut(await answer);
  expect(await blobs.orphans()).toEqual([]);
});
