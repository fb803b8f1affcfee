import type { Product, Shop, UploadedImage } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { TestBlobs } from '../../apps/media-service/test/support/media-harness';
import { sampleJpeg, samplePng } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { file, sendForm } from '../support/forms';
import { OwnStack } from '../support/own-stack';

/**
 * The image sweep of issue 18, run as an operator runs it by hand (media-cli sweep-images),
 * on a product of its own with a grace period of GRACE_MS: a product image replaced by another
 * and an upload no product took are deleted, blobs and rows, once unreferenced for longer than
 * the grace period; the images a product, the shop or the profile shows, and an orphan younger
 * than the grace period, stay; a dry run lists what it would delete and deletes nothing.
 */
jest.setTimeout(180_000);

// Long enough that a young upload is still younger than it when the sweep after it has started
// (a node process on a busy machine), short enough for a test.
const GRACE_MS = 10_000;
const stack = new OwnStack();
const owner = new Visitor();

beforeAll(async () => {
  await stack.start({
    name: 'image-sweep',
    databasePrefix: 'kartlink_test_sweep',
    logLevel: 'warn',
    // The scheduled sweep stays off: the test runs it by hand, at the moments it chooses.
    extraEnv: {
      WEB_DIST_DIR: '',
      IMAGE_SWEEP_GRACE_MS: String(GRACE_MS),
      IMAGE_SWEEP_EVERY_MS: '0',
    },
  });
  await stack.launchServices('auth', 'shop', 'media');
  await signUp(owner);
});

afterAll(() => stack.stop());

/** `node apps/media-service/dist/media-cli.js sweep-images [--dry-run]`, with the apps' environment. */
async function sweepImages(...options: string[]): Promise<string> {
  const cli = join(stack.rootDir, 'apps', 'media-service', 'dist', 'media-cli.js');
  const { stdout } = await promisify(execFile)('node', [cli, 'sweep-images', ...options], {
    env: stack.env,
  });
  stack.log.write(`sweep-images ${options.join(' ')}\n${stdout}\n`);
  return stdout;
}

async function upload(path: string, field: string, bytes: Buffer, name: string) {
  const answer = await sendForm<UploadedImage>(owner, path, [
    ...(path === '/photos/upload' ? ([['type', 'product']] as Array<[string, string]>) : []),
    [field, file(bytes, name, name.endsWith('.png') ? 'image/png' : 'image/jpeg')],
  ]);
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

const served = async (url: string) => (await fetch(`${stack.base}${url}`)).status;
const rowExists = async (id: string) =>
  (await pgQuery('SELECT 1 FROM media.images WHERE id = $1', [id])).length === 1;

it('deletes replaced and orphaned images after the grace period, keeps referenced and young ones', async () => {
  const shopPhoto = await upload('/photos/shop', 'photo', await sampleJpeg(500, 500), 'shop.jpg');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl: `sweep-${Date.now().toString(36)}`,
    shopName: 'Sweep House',
    shopPhotoURL: shopPhoto.photoURL,
    isShopPublic: true,
    setupCompleted: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(shop.status).toBe(200);
  const profile = await upload('/photos/profile', 'photo', await samplePng(300, 300), 'me.png');
  expect((await owner.call('PUT', '/user/profile', { photoURL: profile.photoURL })).status).toBe(
    200,
  );

  const first = await upload('/photos/upload', 'image', await sampleJpeg(640, 480), 'old.jpg');
  const created = await owner.post<Product>('/urls', {
    title: 'Brass diya',
    images: [first.url],
    imageUrl: first.url,
    originalURLs: ['https://www.amazon.in/dp/B0SWEEP1', 'https://www.flipkart.com/p/itm-sweep-1'],
  });
  expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
  // The owner replaces the product's photo: the first one is named by nothing any more.
  const replacement = await upload(
    '/photos/upload',
    'image',
    await sampleJpeg(641, 480),
    'new.jpg',
  );
  const updated = await owner.call<Product>('PATCH', `/urls/${created.body.data.id}`, {
    images: [replacement.url],
    imageUrl: replacement.url,
  });
  expect({ status: updated.status, body: updated.body }).toMatchObject({ status: 200 });
  // An upload whose product was never saved (its request failed after the image was stored).
  const orphan = await upload('/photos/upload', 'image', await sampleJpeg(642, 480), 'lost.jpg');

  // Older than the grace period: the first sweep finds the two unreferenced and deletes nothing.
  await sleep(GRACE_MS + 500);
  const firstSweep = await sweepImages();
  expect(firstSweep).toContain('found unreferenced for the first time');
  expect(firstSweep).toContain('Deleted 0 image(s)');
  expect(await served(first.url)).toBe(200);

  // A grace period later they have been unreferenced for longer than it.
  await sleep(GRACE_MS + 500);
  const dryRun = await sweepImages('--dry-run');
  expect(dryRun).toContain('Dry run: nothing deleted.');
  expect(dryRun).toMatch(/Would delete 2 image\(s\), [1-9]\d* bytes\./);
  expect(dryRun).toContain(first._id);
  expect(dryRun).toContain(orphan._id);
  for (const image of [first, orphan]) {
    expect(await served(image.url)).toBe(200);
    expect(await rowExists(image._id)).toBe(true);
  }

  // An orphan younger than the grace period is not even looked at.
  const young = await upload('/photos/upload', 'image', await sampleJpeg(643, 480), 'young.jpg');
  const sweep = await sweepImages();
  expect(sweep).toMatch(/Deleted 2 image\(s\), [1-9]\d* bytes\./);
  expect(sweep).toContain(first._id);
  expect(sweep).toContain(orphan._id);
  for (const image of [first, orphan]) {
    expect(await served(image.url)).toBe(404);
    expect(await served(image.thumbnailUrl)).toBe(404);
    expect(await rowExists(image._id)).toBe(false);
  }
  // No blob of theirs is left in the bucket, of any size.
  const blobs = await TestBlobs.open();
  const keys = await blobs.keys().finally(() => blobs.close());
  expect(keys.filter((key) => key.includes(first._id) || key.includes(orphan._id))).toEqual([]);
  expect(keys).toContain(`images/${replacement._id}/primary`);
  for (const image of [replacement, shopPhoto, profile, young]) {
    expect(await served(image.url)).toBe(200);
    expect(await rowExists(image._id)).toBe(true);
  }
  const product = await owner.call<Product>('GET', `/urls/${created.body.data.id}`);
  expect(product.body.data.imageUrl).toBe(replacement.url);
});
