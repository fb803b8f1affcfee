import { ErrorCode } from '@kartlink/contracts';
import { pgQuery, waitFor } from '@kartlink/testing';
import { type Job, Queue } from 'bullmq';
import { IMAGE_QUEUE, type PrimaryJob } from '@kartlink/media-service/testing';
import { TestBlobs } from '../../apps/media-service/test/support/media-harness';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { type AppProcess } from '../support/app-processes';
import { type Answer, signUp, Visitor } from '../support/auth-client';
import { OwnStack } from '../support/own-stack';

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
const stack = new OwnStack();
let queue: Queue<PrimaryJob>;
let blobs: TestBlobs;

async function kill(media: AppProcess) {
  expect(await stack.apps.kill(media, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
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
  const response = await fetch(`${stack.base}/api/photos/upload`, {
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
  stack.apps.mark(`primary job ${job.id} running`);
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
  stack.apps.mark(`image ${imageId} stored with its thumbnail`);
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

  const primary = await fetch(`${stack.base}/api/shop/product-images/${imageId}`);
  expect({ status: primary.status, type: primary.headers.get('content-type') }).toEqual({
    status: 200,
    type: 'image/jpeg',
  });
  const thumbnail = await fetch(`${stack.base}/api/shop/product-images/${imageId}/thumbnail`);
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
  const { run } = await stack.start({
    name: 'media-fault',
    databasePrefix: 'kartlink_test_fault',
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
  await stack.launchServices('auth', 'media');
  queue = new Queue<PrimaryJob>(IMAGE_QUEUE, {
    connection: { url: run.env.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${run.env.REDIS_KEY_PREFIX}bull`,
  });
  blobs = await TestBlobs.open();
});

afterAll(() =>
  stack.stop(async () => {
    await queue?.close();
    await blobs?.close();
  }),
);

it('completes an image whose media-service was killed mid-job, once restarted, leaving nothing half-written', async () => {
  const { apps } = stack;
  const { token, userId } = await owner();
  const [media] = apps.running('media-service');
  const { answer, job } = await uploadInProgress(token, userId);

  await kill(media!);
  // Killed mid-job: nothing committed, and the job still held by the dead worker.
  expect(await rowsOf(userId)).toEqual([]);
  expect(await job.getState()).toBe('active');

  apps.launch('media-service');
  await completed(job.id, userId);
  await expectStoredOnce(job.id, userId);

  expectTimedOut(await answer);
  // Still nothing left over once the gateway has answered and deleted its incoming blob.
  expect(await blobs.orphans()).toEqual([]);
});

it('lets another running replica finish the job of a replica killed mid-job', async () => {
  const { apps } = stack;
  const { token, userId } = await owner();
  await Promise.all(apps.running('media-service').map((media) => apps.stop(media)));
  // Its jobs end only by the kill, so the second replica can start while it holds one.
  const doomed = apps.launch('media-service', { MEDIA_TEST_DELAY_MS: '600000' });
  await stack.healthy('media');
  const { answer, job } = await uploadInProgress(token, userId);

  const workers = await queue.getWorkersCount();
  apps.launch('media-service');
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
