import {
  analyticsStreamName,
  mediaBucketName,
  mediaStreamName,
  type UploadedImage,
} from '@kartlink/contracts';
import { waitFor } from '@kartlink/testing';
import { connect, type JetStreamManager, type NatsConnection, type StreamInfo } from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { phonePhoto } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { FaultLoad, summary } from '../support/fault-load';
import { NatsCluster, type NatsNode } from '../support/nats-cluster';
import { OwnStack } from '../support/own-stack';

/**
 * The clustered JetStream test of issue 18: the product runs on a three-node NATS cluster whose
 * streams (ANALYTICS, MEDIA) and image bucket keep 3 copies (JETSTREAM_REPLICAS=3, NATS_URL the
 * three seed URLs), as deploy/k8s/dependencies/nats-values.yaml and the production overlay set
 * it up. Under click and upload load, the node leading JetStream (its meta leader, and as far as
 * stepping down can arrange it the leader of the streams the load writes to) is killed with
 * SIGKILL, left down, then started again on its store, as a NATS pod whose machine failed is.
 * - No acknowledged click is lost and none is stored twice; no upload answered 201 is lost.
 * - Every request that failed was answered 503 with the envelope, while the cluster failed over
 *   (counted and printed); none hung.
 * - The two remaining nodes keep taking clicks and uploads while the third is down, and the
 *   restarted node catches up as a replica of every stream.
 */
jest.setTimeout(420_000);

/** Load before the kill, with the node down, and after it is back. */
const BEFORE_MS = 4_000;
const DOWN_MS = 20_000;
const AFTER_MS = 8_000;
const CLICKERS = 4;
/** One owner uploads a phone photo after another, this far apart (the upload limit is 30 a minute). */
const UPLOAD_EVERY_MS = 1_200;
/** The gateway answers a click within 2 s (its publication timeout): one taking 5 s on this loaded machine has hung. An upload within UPLOAD_TIMEOUT_MS (55 s). */
const CLICK_HANG_MS = 5_000;
const UPLOAD_HANG_MS = 60_000;
/** How long JetStream may take to elect new leaders on a loaded machine. */
const ELECTION_MS = 60_000;

const cluster = new NatsCluster();
const stack = new OwnStack();
let db: Client;
let nats: NatsConnection;
let jsm: JetStreamManager;
let streams: string[];

/** A line in the test log (test-results/nats-cluster-fault.log), beside the apps' own. */
const phase = (what: string) => stack.log.write(`[test] ${new Date().toISOString()} ${what}\n`);

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);

/** The stream's leader and whether it has its 3 copies, each replica current. */
async function replicated(name: string): Promise<{ leader?: string; ok: boolean }> {
  const info: StreamInfo | undefined = await jsm.streams.info(name).catch(() => undefined);
  const replicas = info?.cluster?.replicas ?? [];
  const leader = info?.cluster?.leader;
  return {
    leader,
    ok:
      info?.config.num_replicas === 3 &&
      !!leader &&
      replicas.length === 2 &&
      replicas.every((replica) => replica.current && !replica.offline),
  };
}

const waitForReplicas = (what: string) =>
  waitFor(async () => (await Promise.all(streams.map(replicated))).every((s) => s.ok), {
    timeoutMs: ELECTION_MS,
    intervalMs: 500,
    description: `every stream with a leader and 3 current copies ${what}`,
  }).catch(async (err: Error) => {
    throw new Error(
      `${err.message}: ${JSON.stringify(
        await Promise.all(
          streams.map((s) =>
            jsm.streams.info(s).then(
              (i) => i.cluster,
              () => 'none',
            ),
          ),
        ),
      )}`,
    );
  });

/** Moves the stream's leadership to `target` by asking its leader to step down, a few times at most. */
async function leadOn(stream: string, target: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const { leader } = await replicated(stream);
    if (leader === target) return leader;
    await nats.request(`$JS.API.STREAM.LEADER.STEPDOWN.${stream}`, undefined, { timeout: 5000 });
    await waitFor(async () => (await replicated(stream)).ok, {
      timeoutMs: ELECTION_MS,
      intervalMs: 250,
      description: `a new leader of ${stream}`,
    });
  }
  return (await replicated(stream)).leader;
}

beforeAll(async () => {
  await cluster.start(3);
  const { run } = await stack.start({
    name: 'nats-cluster-fault',
    databasePrefix: 'kartlink_test_natscluster',
    logLevel: 'warn',
    extraEnv: {
      WEB_DIST_DIR: '',
      NATS_URL: cluster.url,
      JETSTREAM_REPLICAS: '3',
      TRACK_RATE_LIMIT_PER_MINUTE: '10000000',
      ANALYTICS_FOLD_EVERY_MS: '500',
    },
  });
  const prefix = run.env.NATS_SUBJECT_PREFIX!;
  streams = [
    analyticsStreamName(prefix),
    `OBJ_${mediaBucketName(prefix)}`,
    mediaStreamName(prefix),
  ];
  db = new Client({ connectionString: run.env.DATABASE_URL });
  await db.connect();
  nats = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1 });
  jsm = await nats.jetstreamManager();
  await stack.launchServices('auth', 'shop', 'media', 'analytics');
  // The apps made every stream and the bucket with 3 copies.
  await waitForReplicas('after startup');
}, 180_000);

afterAll(async () => {
  await stack.stop(async () => {
    await db?.end();
    await nats?.close();
  });
  await cluster.stop();
});

it('loses no acknowledged click or upload when a node of the JetStream cluster dies and returns', async () => {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = `cluster-finds-${Date.now().toString(36)}`;
  const settings = await owner.call('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Cluster Finds',
    shopDescription: 'Clicks and uploads through a NATS node failure',
    isShopPublic: true,
    setupCompleted: true,
  });
  expect(settings.status).toBe(200);
  const created = await owner.call<{ id: string }>('POST', '/urls', {
    title: 'Kantha throw',
    originalURLs: ['https://www.amazon.in/dp/B0KANTHA', 'https://www.flipkart.com/p/kantha'],
  });
  expect(created.status).toBe(201);
  const productId = created.body.data.id;
  const photo = await phonePhoto();
  const upload = () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_2041.JPG');
    return fetch(`${stack.base}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken!}` },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_HANG_MS),
    });
  };
  // One upload first, outside the count, so that media-service's image pipeline is warm and
  // uploads are done before the kill.
  expect((await upload()).status).toBe(201);

  // The node to kill: JetStream's meta leader, made the leader of the click stream and the
  // image bucket as well where stepping down gets there.
  const victimName = await cluster.waitForMetaLeader();
  const victim: NatsNode = cluster.byName(victimName);
  const leaders: Record<string, string | undefined> = {};
  for (const stream of streams) leaders[stream] = await leadOn(stream, victimName);
  phase(`load starts; ${victimName} leads ${JSON.stringify(leaders)}`);

  // Until AFTER_MS past the restart (set then); the kill waits for an upload done.
  const clients = new FaultLoad(Date.now() + 600_000);
  const clicks = clients.tally();
  const uploads = clients.tally();
  const uploaded: UploadedImage[] = [];
  let down = false;
  const whileDown = { clicks: 0, uploads: 0 };
  /** When each 503 was answered, and the slowest answer of each kind. */
  const unavailable: { sentAt: number; answeredAt: number }[] = [];
  const slowest = { clicks: 0, uploads: 0 };
  let sentClicks = 0;

  const timed = async (kind: 'clicks' | 'uploads', send: () => Promise<Response>) => {
    const started = Date.now();
    const answer = await send();
    slowest[kind] = Math.max(slowest[kind], Date.now() - started);
    if (answer.status === 503) unavailable.push({ sentAt: started, answeredAt: Date.now() });
    return answer;
  };
  const load = Promise.all([
    ...Array.from({ length: CLICKERS }, () =>
      clients.loop(
        clicks,
        () =>
          timed('clicks', () =>
            fetch(`${stack.base}/api/analytics/track/${productId}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                // A phone of its own for each click: a click stored twice shows as a visitor seen twice.
                'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${sentClicks++}.0 Mobile Safari/537.36`,
              },
              body: JSON.stringify({ device: 'mobile', browser: 'Chrome', platform: 'amazon' }),
              signal: AbortSignal.timeout(CLICK_HANG_MS),
            }),
          ),
        202,
        () => {
          if (down) whileDown.clicks += 1;
        },
      ),
    ),
    clients.loop(
      uploads,
      () => timed('uploads', upload),
      201,
      (image: UploadedImage) => {
        uploaded.push(image);
        if (down) whileDown.uploads += 1;
      },
      UPLOAD_EVERY_MS,
    ),
  ]);

  // Killed once uploads completed on the whole cluster, while the next one is in flight.
  await sleep(BEFORE_MS);
  await waitFor(async () => uploads.ok > 0 || uploads.failures.length > 0, {
    timeoutMs: 60_000,
    intervalMs: 100,
    description: 'an upload done before the kill',
  });
  await sleep(UPLOAD_EVERY_MS + 500);
  const before = { clicks: clicks.ok, uploads: uploads.ok };
  const killedAt = Date.now();
  await cluster.kill(victim);
  down = true;
  phase(`${victimName} killed`);
  const newMetaLeader = await cluster.waitForMetaLeader(ELECTION_MS);
  const electedMs = Date.now() - killedAt;
  phase(`${newMetaLeader} meta leader`);
  await sleep(Math.max(0, killedAt + DOWN_MS - Date.now()));
  await cluster.startNode(victim);
  phase(`${victimName} restarted`);
  down = false;
  clients.restarted = true;
  clients.deadline = Date.now() + AFTER_MS;
  const restartedAt = Date.now();
  await load;
  phase('load ended');
  // The restarted node is a current replica of every stream again.
  await waitForReplicas('after the restart');
  const caughtUpMs = Date.now() - restartedAt;

  const stored = async () => ({
    events: await count('SELECT count(*) AS n FROM analytics.events WHERE product_id = $1', [
      productId,
    ]),
    visitors: await count(
      'SELECT count(DISTINCT visitor) AS n FROM analytics.events WHERE product_id = $1',
      [productId],
    ),
  });
  await waitFor(async () => (await stored()).events >= clicks.ok, {
    timeoutMs: 60_000,
    intervalMs: 250,
    description: `the ${clicks.ok} acknowledged clicks stored`,
  }).catch(async (err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(await stored())}`);
  });
  // A click answered 503 may still have reached the stream: stored once too, never twice.
  await sleep(2_000);
  const after = await stored();

  // Every upload answered 201 is served, from whichever node holds the bucket's leader now.
  const unreadable: string[] = [];
  for (const image of uploaded) {
    const shown = await fetch(`${stack.base}${image.photoURL}`);
    const bytes = (await shown.arrayBuffer()).byteLength;
    if (shown.status !== 200 || bytes === 0) unreadable.push(`${image.photoURL}: ${shown.status}`);
  }
  const answeredAt = unavailable.map((request) => request.answeredAt - killedAt);
  console.log(
    `nats-cluster-fault: killed ${victimName}, JetStream's meta leader and the leader of ` +
      `${Object.entries(leaders)
        .filter(([, leader]) => leader === victimName)
        .map(([stream]) => stream)
        .join(', ')}, after ${before.clicks} clicks and ${before.uploads} uploads; ` +
      `${newMetaLeader} meta leader after ${electedMs} ms; restarted after ${DOWN_MS} ms, a ` +
      `current replica of every stream again within ${caughtUpMs} ms of its restart; ` +
      `${summary('clicks', clicks)}; ${summary('uploads', uploads)}; with the node down ` +
      `${whileDown.clicks} clicks and ${whileDown.uploads} uploads ok; ` +
      `${unavailable.length} answered 503 in the failover window` +
      (unavailable.length
        ? ` (${Math.min(...answeredAt)} to ${Math.max(...answeredAt)} ms after the kill)`
        : '') +
      `; slowest click ${slowest.clicks} ms, slowest upload ${slowest.uploads} ms; ` +
      `${after.events} clicks stored, ${after.events - after.visitors} twice; ` +
      `${uploaded.length - unreadable.length} of ${uploaded.length} uploads served`,
  );

  expect({ clicks: clicks.failures, uploads: uploads.failures, unreadable }).toEqual({
    clicks: [],
    uploads: [],
    unreadable: [],
  });
  expect(before.clicks).toBeGreaterThan(0);
  expect(before.uploads).toBeGreaterThan(0);
  // Two of three nodes are a quorum: the product keeps working while the third is down.
  expect(whileDown.clicks).toBeGreaterThan(0);
  expect(whileDown.uploads).toBeGreaterThan(0);
  expect(clicks.okAfterRestart).toBeGreaterThan(0);
  expect(uploads.okAfterRestart).toBeGreaterThan(0);
  // A 503 only in the failover: answered after the kill, to a request sent before the node was
  // back (new leaders are elected within seconds; an upload's job may meet the election later,
  // as it retries); none before the kill, none for a request sent once the node was back.
  for (const { sentAt, answeredAt } of unavailable) {
    expect(answeredAt).toBeGreaterThanOrEqual(killedAt);
    expect(sentAt).toBeLessThan(restartedAt);
  }
  // Exactly once: every acknowledged click stored, none twice.
  expect(after.visitors).toBe(after.events);
  expect(after.events).toBeGreaterThanOrEqual(clicks.ok);
  expect(after.events).toBeLessThanOrEqual(clicks.ok + clicks.unavailable);
  expect(uploaded).toHaveLength(uploads.ok);
  // Every click is counted in shop-service too.
  await waitFor(
    async () =>
      (await count('SELECT clicks AS n FROM shop.products WHERE id = $1', [productId])) ===
      after.events,
    { timeoutMs: 30_000, intervalMs: 250, description: 'the click total back in shop-service' },
  );
});
