import type { AnalyticsOverview, AuthSession, PublicShop } from '@kartlink/contracts';
import { dropDatabase, ensureDatabase, findFreePort, PROBES } from '@kartlink/infra';
import { waitFor } from '@kartlink/testing';
import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppProcesses } from '../support/app-processes';
import { strongPassword, Visitor } from '../support/auth-client';
import { killServer, startServer } from '../support/fault-load';
import { OwnStack } from '../support/own-stack';
import { showcaseShop, type ShowcaseShop } from '../support/showcase-shop';

/**
 * The backup-and-restore test of issue 18: a product with a shop, products, photos, banners and
 * clicks in its analytics is backed up as deploy/README.md ("Backup and restore") tells the
 * operator (pg_dump of the database, `media-cli backup-images` of the JetStream image bucket),
 * then its servers are dropped for empty ones (a new database, a new nats-server with an
 * empty store, a new Redis prefix), the backup is restored with the README's commands, the
 * apps start on it, and the public shop, its products, the images' bytes, the owner's
 * analytics and signing in read the same as before.
 */
jest.setTimeout(300_000);

const SERVICES = ['auth', 'shop', 'media', 'analytics'];
const stack = new OwnStack();
const backupDir = mkdtempSync(join(tmpdir(), 'kartlink-backup-'));
const stores = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'kartlink-backup-nats-')));
const natsServers: ChildProcess[] = [];
let restoredDatabase: string | undefined;
let restoredApps: AppProcesses | undefined;

/** A nats-server of the test's own with JetStream on an empty store directory. */
async function startNats(store: string): Promise<string> {
  const port = await findFreePort();
  const url = `nats://127.0.0.1:${port}`;
  natsServers.push(
    await startServer(
      'nats-server',
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store],
      async () => (await PROBES.nats(url)).ok,
    ),
  );
  return url;
}

/**
 * A command line of the README, run by the shell with the apps' environment, in the backup
 * directory; answers what it printed (the tool's summary: the archive goes to a file) and how
 * long it took.
 */
async function operator(command: string, env: NodeJS.ProcessEnv) {
  stack.apps.mark(`operator: ${command}`);
  const started = Date.now();
  const { stdout, stderr } = await promisify(execFile)('bash', ['-o', 'pipefail', '-c', command], {
    env,
    cwd: backupDir,
  });
  return { said: `${stdout}${stderr}`.trim(), ms: Date.now() - started };
}

beforeAll(async () => {
  const natsUrl = await startNats(stores[0]!);
  await stack.start({
    name: 'backup-restore',
    databasePrefix: 'kartlink_test_backup',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      NATS_URL: natsUrl,
      // The clicks reach the owner's figures within a second.
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  });
  await stack.launchServices(...SERVICES);
});

afterAll(async () => {
  await restoredApps?.stopAll();
  await stack.stop();
  for (const server of natsServers)
    if (server.exitCode === null && server.signalCode === null) await killServer(server);
  if (restoredDatabase) await dropDatabase(stack.run.env.DATABASE_URL, restoredDatabase);
  for (const dir of [backupDir, ...stores]) rmSync(dir, { recursive: true, force: true });
});

/**
 * An answer with each product's tap token (a proof of a tap, made afresh for every read and
 * valid for 30 minutes: store-routing.ts) checked and set aside: it differs between two reads.
 */
const withoutTapTokens = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (key, field: unknown) => {
      if (key !== 'tapToken') return field;
      expect(field).toEqual(expect.any(String));
      return 'a tap token';
    }),
  );

/** What a visitor and the owner read of the product: JSON answers, and every image's bytes. */
async function readEverything(showcase: ShowcaseShop) {
  const get = async (path: string, owner?: Visitor) => {
    const answer = owner
      ? await owner.call('GET', path)
      : await fetch(`${stack.base}/api${path}`).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { data: unknown },
        }));
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const shop = withoutTapTokens(await get(`/shop/${showcase.shopUrl}`)) as PublicShop;
  const products = withoutTapTokens(await get(`/shop/${showcase.shopUrl}/urls`));
  const overview = (await get('/analytics/overview', showcase.owner)) as AnalyticsOverview;
  const addresses = [
    shop.shopPhotoURL!,
    ...(shop.banners?.images ?? []).map((banner) => banner.url),
    ...showcase.products.flatMap((product) => [product.imageUrl!, `${product.imageUrl}/thumbnail`]),
  ];
  const images: Record<string, string> = {};
  for (const address of addresses) {
    const response = await fetch(`${stack.base}${address}`);
    expect({ address, status: response.status }).toEqual({ address, status: 200 });
    images[address] = Buffer.from(await response.arrayBuffer()).toString('base64');
  }
  return { shop, products, overview, images };
}

it('restores the database and the image bucket into empty servers, and the product reads the same', async () => {
  const showcase = await showcaseShop({ products: 2, photoSize: { width: 800, height: 600 } });
  // Clicks from three visitors, until the owner's overview shows them.
  for (const [n, product] of [
    showcase.products[0]!,
    showcase.products[1]!,
    showcase.products[0]!,
  ].entries()) {
    const answer = await new Visitor().call(
      'POST',
      `/analytics/track/${product.id}`,
      { device: 'mobile', browser: 'Chrome', location: 'Asia/Kolkata', platform: 'amazon' },
      {
        'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel ${n + 6}) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36`,
      },
    );
    expect(answer.status).toBe(202);
  }
  await waitFor(
    async () => {
      const answer = await showcase.owner.call<AnalyticsOverview>('GET', '/analytics/overview');
      return answer.body.data?.totals.clicks === 3 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 300, description: 'the clicks in the overview' },
  );
  const before = await readEverything(showcase);
  expect(before.overview.totals.clicks).toBe(3);
  expect(before.shop.banners?.images).toHaveLength(3);

  // The backup, with the README's two commands.
  const dump = await operator(
    'pg_dump --format=custom --file=kartlink.dump "$DATABASE_URL"',
    stack.env,
  );
  const backup = await operator(
    'node "$KARTLINK_ROOT/apps/media-service/dist/media-cli.js" backup-images > kartlink-images.tar',
    { ...stack.env, KARTLINK_ROOT: stack.rootDir },
  );
  expect(statSync(join(backupDir, 'kartlink.dump')).size).toBeGreaterThan(0);
  expect(statSync(join(backupDir, 'kartlink-images.tar')).size).toBeGreaterThan(
    Object.keys(before.images).length * 100,
  );

  // The old servers go: the apps, and nats-server with its store.
  await stack.apps.stopAll();
  await killServer(natsServers[0]!);

  // Empty servers: a new database, a new nats-server on an empty store, a new Redis prefix.
  restoredDatabase = `kartlink_test_restored_${Date.now().toString(36)}`;
  const restoredEnv: NodeJS.ProcessEnv = {
    ...stack.env,
    DATABASE_URL: await ensureDatabase(stack.run.env.DATABASE_URL, restoredDatabase),
    NATS_URL: await startNats(stores[1]!),
    REDIS_KEY_PREFIX: `${stack.env.REDIS_KEY_PREFIX}restored:`,
    KARTLINK_ROOT: stack.rootDir,
  };

  // The restore, with the README's two commands, then the apps on the restored data.
  const pgRestore = await operator(
    'pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" kartlink.dump',
    restoredEnv,
  );
  const restore = await operator(
    'node "$KARTLINK_ROOT/apps/media-service/dist/media-cli.js" restore-images < kartlink-images.tar',
    restoredEnv,
  );
  restoredApps = new AppProcesses({ rootDir: stack.rootDir, env: restoredEnv, log: stack.log });
  for (const service of SERVICES) await restoredApps.migrate(`${service}-service`);
  for (const service of SERVICES) restoredApps.launch(`${service}-service`);
  restoredApps.launch('gateway');
  for (const service of SERVICES) await stack.healthy(service);

  // Signing in with the same password, then everything read again.
  const login = await showcase.owner.post<AuthSession>('/auth/login', {
    email: showcase.email,
    password: strongPassword,
  });
  expect(login.status).toBe(200);
  const after = await readEverything(showcase);
  expect(after.shop).toEqual(before.shop);
  expect(after.products).toEqual(before.products);
  expect(Object.keys(after.images)).toEqual(Object.keys(before.images));
  for (const address of Object.keys(before.images))
    expect({ address, bytes: after.images[address] }).toEqual({
      address,
      bytes: before.images[address],
    });
  expect(after.overview).toEqual(before.overview);
  expect(restore.said).toBe(backup.said.replace('Backed up', 'Restored'));
  console.log(
    `backup-restore: pg_dump ${statSync(join(backupDir, 'kartlink.dump')).size} bytes in ` +
      `${dump.ms} ms; backup-images: ${backup.said} (${backup.ms} ms); pg_restore ` +
      `${pgRestore.ms} ms; restore-images: ${restore.said} (${restore.ms} ms); the shop, ` +
      `${showcase.products.length} products, ${Object.keys(before.images).length} image ` +
      `addresses, the overview (${before.overview.totals.clicks} clicks) and sign-in read the same.`,
  );
});
