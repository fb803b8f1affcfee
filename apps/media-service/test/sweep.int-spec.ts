import type { INestMicroservice } from '@nestjs/common';
import { createLogger } from '@kartlink/server-kit';
import { pgQuery, readTestEnv, waitFor } from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import {
  imagesNamedByShops,
  type RunningMedia,
  startMediaService,
  startStandInImageRefs,
  startStandInProfiles,
} from './support/media-harness';

/**
 * The scheduled image sweep (a BullMQ repeatable job): with IMAGE_SWEEP_EVERY_MS it runs by
 * itself, and in its default dry run it records when an image was found unreferenced and logs
 * what it would delete, deleting nothing. The test's own Redis prefix gives it a queue of its
 * own; other test files' images in the run's database are only marked, never deleted.
 */
const logged: Array<Record<string, unknown>> = [];
const logger = createLogger('media-service', 'info', {
  write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>),
});
let running: RunningMedia;
const standIns: INestMicroservice[] = [];

beforeAll(async () => {
  standIns.push(await startStandInImageRefs(), await startStandInProfiles());
  running = await startMediaService({
    logger,
    env: {
      REDIS_KEY_PREFIX: `${readTestEnv().REDIS_KEY_PREFIX}sweep:`,
      IMAGE_SWEEP_EVERY_MS: '500',
      IMAGE_SWEEP_GRACE_MS: '1000',
    },
  });
}, 30_000);

afterAll(async () => {
  await running?.close();
  await Promise.all(standIns.map((app) => app.close()));
});

/** An image stored an hour ago (its blobs do not matter to a dry run). */
async function oldImage(): Promise<string> {
  const id = randomUUID();
  await pgQuery(
    `INSERT INTO media.images (id, user_id, kind, content_type, width, height, bytes, digest, original_filename, created_at)
     VALUES ($1, $2, 'product', 'image/jpeg', 640, 480, 4321, 'SHA-256=x', 'old.jpg', now() - interval '1 hour')`,
    [id, randomUUID()],
  );
  return id;
}

const markOf = async (id: string) =>
  (
    await pgQuery<{ unreferenced_since: Date | null }>(
      'SELECT unreferenced_since FROM media.images WHERE id = $1',
      [id],
    )
  )[0];

it('runs on its schedule and, in a dry run, reports an orphan once the grace period is over and deletes nothing', async () => {
  const orphan = await oldImage();
  const named = await oldImage();
  imagesNamedByShops.add(named);

  const report = await waitFor(
    () =>
      logged.find(
        (line) =>
          line.msg === 'image sweep (dry run): nothing deleted' &&
          (line.ids as string[]).includes(orphan),
      ),
    { timeoutMs: 20_000, intervalMs: 100, description: 'a dry run reporting the orphan' },
  );
  expect(report).toMatchObject({ dryRun: true, graceMs: 1000 });
  expect(report.swept as number).toBeGreaterThanOrEqual(1);
  expect(report.bytes as number).toBeGreaterThanOrEqual(4321);
  expect(report.ids).not.toContain(named);
  // Nothing deleted; the orphan's observation is kept, the named image has none.
  expect((await markOf(orphan))?.unreferenced_since).toBeInstanceOf(Date);
  expect(await markOf(named)).toEqual({ unreferenced_since: null });
});
