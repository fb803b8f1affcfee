import { Events, Subjects } from '@kartlink/contracts';
import { findFreePort, findProgramsDir, stopProcess, waitFor } from '@kartlink/infra';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection, StringCodec } from 'nats';
import {
  NATS_APPS,
  type NatsApp,
  natsAuthorizationConfig,
  newNatsPasswords,
} from '../../tools/nats-auth';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import { OwnStack } from '../support/own-stack';

/**
 * NATS with a user per app (tools/nats-auth.ts): a nats-server of this file's own, started from
 * the installed binary with the generated authorization, and the built apps on it, each with its
 * own credentials. The product works end to end; a client with the gateway's credentials cannot
 * stand in for a service, and a client without credentials is refused.
 */
jest.setTimeout(180_000);

const stack = new OwnStack();
const passwords = newNatsPasswords();
const codec = StringCodec();
let natsUrl: string;
let natsServer: ChildProcess | undefined;
let dir: string;
const clients: NatsConnection[] = [];

/** A client with `app`'s credentials. */
async function as(app: NatsApp) {
  const client = await connect({ servers: natsUrl, user: app, pass: passwords[app] });
  clients.push(client);
  return client;
}

/** What `listener` receives on `subject` within half a second after `publisher` published. */
async function delivered(listener: NatsConnection, publisher: NatsConnection, subject: string) {
  const received: string[] = [];
  const subscription = listener.subscribe(subject, {
    callback: (_err, msg) => received.push(codec.decode(msg.data)),
  });
  await listener.flush();
  // Well-formed, as the real event: the gateways listening must not trip over it.
  publisher.publish(subject, codec.encode(JSON.stringify({ shopUrl: 'forged' })));
  await publisher.flush().catch(() => undefined);
  await sleep(500);
  subscription.unsubscribe();
  return received;
}

beforeAll(async () => {
  const binDir = findProgramsDir(['nats-server']);
  if (!binDir) throw new Error('nats-server is not installed (the local NATS comes from it)');
  dir = mkdtempSync(join(tmpdir(), 'kartlink-nats-auth-'));
  const port = await findFreePort();
  natsUrl = `nats://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'nats-auth.conf'), natsAuthorizationConfig(passwords));
  writeFileSync(
    join(dir, 'nats.conf'),
    `listen: 127.0.0.1:${port}\njetstream { store_dir: "${join(dir, 'js')}" }\ninclude ./nats-auth.conf\n`,
  );
  natsServer = spawn(join(binDir, 'nats-server'), ['-c', join(dir, 'nats.conf')], {
    stdio: 'ignore',
  });
  await waitFor(
    async () => {
      const probe = await connect({
        servers: natsUrl,
        user: 'gateway',
        pass: passwords.gateway,
      }).catch(() => undefined);
      await probe?.close();
      return probe !== undefined;
    },
    { timeoutMs: 15_000, intervalMs: 100, description: 'the test nats-server to listen' },
  );

  await stack.start({
    name: 'nats-auth',
    databasePrefix: 'kartlink_test_nats',
    logLevel: 'info',
    // This server is the file's own: no prefix needed to keep runs apart.
    extraEnv: { NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: '' },
  });
  const credentials = (app: NatsApp) => ({ NATS_USER: app, NATS_PASSWORD: passwords[app] });
  for (const app of NATS_APPS) if (app !== 'gateway') await stack.apps.migrate(app);
  for (const app of NATS_APPS) stack.apps.launch(app, credentials(app));
  for (const service of ['auth', 'shop', 'media', 'analytics']) await stack.healthy(service);
}, 240_000);

afterAll(async () => {
  await stack.stop(() => Promise.all(clients.map((client) => client.close())));
  if (natsServer) await stopProcess(natsServer);
  rmSync(dir, { recursive: true, force: true });
});

describe('NATS with a user per app', () => {
  it('works end to end with each app on its own credentials', async () => {
    const owner = new Visitor();
    await signUp(owner);
    const shopUrl = `nats-auth-${Date.now().toString(36)}`;
    const settings = await owner.call('PUT', '/shop/settings', {
      shopUrl,
      shopName: 'Own Credentials',
      shopDescription: 'Every app on its own NATS user',
      isShopPublic: true,
      setupCompleted: true,
    });
    expect(settings.status).toBe(200);
    const created = await owner.post<{ shortCode: string }>('/urls', {
      title: 'Kurta',
      originalURLs: ['https://www.amazon.in/dp/B0NATS', 'https://www.flipkart.com/p/nats'],
    });
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    const product = await new Visitor().call<{ title: string }>(
      'GET',
      `/url/shop/${shopUrl}/${created.body.data.shortCode}`,
    );
    expect(product.status).toBe(200);
    expect(product.body.data.title).toBe('Kurta');
    const overview = await owner.call('GET', '/analytics/overview');
    expect(overview.status).toBe(200);

    // A photo goes through the gateway and media-service into the object store, and comes back.
    const form = new FormData();
    form.append('type', 'product');
    const jpeg = await sampleJpeg(800, 600);
    form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kurta.jpg');
    const uploaded = await fetch(`${stack.base}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken!}` },
      body: form,
      signal: AbortSignal.timeout(90_000),
    });
    const image = (await uploaded.json()) as { data: { _id: string } };
    expect(uploaded.status).toBe(201);
    const served = await fetch(`${stack.base}/api/shop/product-images/${image.data._id}`);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/jpeg',
    });
  });

  it('refuses a client without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: natsUrl, reconnect: false })).rejects.toThrow(
      /Authorization Violation/i,
    );
    await expect(
      connect({ servers: natsUrl, user: 'gateway', pass: 'guessed', reconnect: false }),
    ).rejects.toThrow(/Authorization Violation/i);
  });

  it('will not start an app in production without its NATS credentials', async () => {
    const gateway = stack.apps.launch('gateway', {
      NODE_ENV: 'production',
      NATS_USER: '',
      NATS_PASSWORD: '',
      PORT: String(await findFreePort()),
    });
    expect(await gateway.exited).toMatchObject({ code: 1 });
    expect(gateway.messages.join('\n')).toMatch(
      /gateway cannot start: Invalid configuration:\n {2}- NATS_USER is required in production: .*\n {2}- NATS_PASSWORD is required in production/,
    );
  });

  it("does not let the gateway's credentials publish a service's events or answer in its place", async () => {
    const gateway = await as('gateway');
    const shop = await as('shop-service');
    const listener = await as('gateway');

    // shop-service's cache invalidation reaches the gateways; the same from the gateway's user does not.
    expect(await delivered(listener, shop, Events.shopChanged)).toEqual(['{"shopUrl":"forged"}']);
    expect(await delivered(listener, gateway, Events.shopChanged)).toEqual([]);

    // Subscribing to auth-service's subjects, to answer sign-ins in its stead, is refused.
    const refused = new Promise<Error>((resolve) => {
      gateway.subscribe(Subjects.auth.login, { callback: (err) => err && resolve(err) });
    });
    expect((await refused).message).toMatch(/Permissions Violation for Subscription/i);

    // Nor can it push a forged reply into another app's inbox.
    const auth = await as('auth-service');
    expect(await delivered(auth, gateway, '_INBOX.forged.reply')).toEqual([]);
  });
});
