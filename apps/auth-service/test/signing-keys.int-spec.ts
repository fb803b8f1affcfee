import { loadConfig } from '@kartlink/config';
import { Subjects } from '@kartlink/contracts';
import { createLogger } from '@kartlink/server-kit';
import { scratchDatabase, startServiceForTest } from '@kartlink/testing';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { runAdminCommand } from '../src/admin-cli';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';
import { KeysService } from '../src/keys/keys.service';

// Rotation and re-encryption change the keys every auth test signs with: this file has a
// database of its own.
let database: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  database = await scratchDatabase('keys');
});
afterAll(() => database.drop());

const kek = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const first = kek('first');
const second = kek('second');

const start = (keyEncryptionKeys: string) =>
  startServiceForTest({
    service: 'auth',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
    logger: createLogger('auth-service', 'silent'),
    env: { NODE_ENV: 'test', DATABASE_URL: database.url, KEY_ENCRYPTION_KEYS: keyEncryptionKeys },
  });

async function withDataSource<T>(fn: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const config = loadConfig(configSchema, { ...process.env, DATABASE_URL: database.url });
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    return await fn(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

interface StoredKey {
  kid: string;
  kek_id: string | null;
  private_jwk: unknown;
  row: string;
}
const storedKeys = () =>
  withDataSource((dataSource) =>
    dataSource.query<StoredKey[]>(
      `SELECT kid, kek_id, private_jwk, row_to_json(k)::text AS row
       FROM auth.signing_keys k ORDER BY created_at`,
    ),
  );

/** Signs a token with the running service, as sessions do. */
type Service = Awaited<ReturnType<typeof start>>;
const tokenFrom = (service: Service) =>
  service.app.get(KeysService).sign({ sub: 'user-1', sid: 'session-1', role: 'user' });

/** Checks a token as the gateway does: with the published public keys. */
async function verifies(service: Service, token: string) {
  const jwks = await service.request<JSONWebKeySet>(Subjects.auth.signingKeys);
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer: 'kartlink-auth',
    audience: 'kartlink',
  });
  return { sub: payload.sub, kid: protectedHeader.kid };
}

describe('signing keys at rest', () => {
  const tokens: string[] = [];
  let firstKid: string | undefined;

  it('encrypts a key stored in plain text before KEY_ENCRYPTION_KEYS was set', async () => {
    // Development without a key ring stores the private key as it is.
    const plain = await start('');
    tokens.push(await tokenFrom(plain));
    await plain.close();
    const before = await storedKeys();
    expect(before).toHaveLength(1);
    expect(before[0].private_jwk).toMatchObject({ kty: 'OKP', d: expect.any(String) });
    const privatePart = (before[0].private_jwk as { d: string }).d;
    firstKid = before[0].kid;

    const service = await start(first);
    try {
      const after = await storedKeys();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ kid: firstKid, kek_id: 'first', private_jwk: null });
      expect(after[0].row).not.toContain(privatePart);
      expect(after[0].row).not.toContain('"d"');
      expect(after[0].row).not.toContain('PRIVATE KEY');
      // The token signed before still verifies, and the service signs with the same key.
      await expect(verifies(service, tokens[0])).resolves.toEqual({ sub: 'user-1', kid: firstKid });
      tokens.push(await tokenFrom(service));
      await expect(verifies(service, tokens[1])).resolves.toEqual({ sub: 'user-1', kid: firstKid });
    } finally {
      await service.close();
    }
  });

  it('rotates the signing key and re-encrypts every key under a new KEK; tokens keep verifying', async () => {
    const output = await withDataSource((dataSource) =>
      runAdminCommand(
        ['rotate-keys', '--reencrypt'],
        { KEY_ENCRYPTION_KEYS: `${second},${first}` },
        dataSource,
      ),
    );
    expect(output).toMatch(/^New signing key [0-9a-f-]{36}: it signs from 60 s on\.\n/);
    expect(output).toContain('Re-encrypted 1 stored key(s) under "second".');
    const rows = await storedKeys();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.kek_id)).toEqual(['second', 'second']);
    for (const row of rows) {
      expect(row.private_jwk).toBeNull();
      expect(row.row).not.toContain('"d"');
    }
    const newKid = rows[1].kid;

    // Once the new key has been published for a minute, it signs.
    await withDataSource((dataSource) =>
      dataSource.query(
        `UPDATE auth.signing_keys SET created_at = created_at - interval '2 minutes' WHERE kid = $1`,
        [newKid],
      ),
    );
    // The old KEK is gone from the ring: everything was re-encrypted under the new one.
    const service = await start(second);
    try {
      tokens.push(await tokenFrom(service));
      await expect(verifies(service, tokens[2])).resolves.toEqual({ sub: 'user-1', kid: newKid });
      for (const token of tokens.slice(0, 2)) {
        await expect(verifies(service, token)).resolves.toEqual({ sub: 'user-1', kid: firstKid });
      }
    } finally {
      await service.close();
    }
  });

  it('will not start with only a KEK the keys are not encrypted under', async () => {
    await expect(start(kek('second'))).rejects.toThrow(
      'cannot decrypt with the key-encryption key "second": wrong key or altered data',
    );
    await expect(start(first)).rejects.toThrow(
      'sealed under the key-encryption key "second", which KEY_ENCRYPTION_KEYS does not list',
    );
  });

  it('refuses to start in production without KEY_ENCRYPTION_KEYS', () => {
    const root = resolve(__dirname, '../../..');
    const started = spawnSync(
      join(root, 'node_modules', '.bin', 'tsx'),
      [join(root, 'apps', 'auth-service', 'src', 'main.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          NATS_USER: 'auth-service',
          NATS_PASSWORD: 'set',
          KEY_ENCRYPTION_KEYS: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(started.status).toBe(1);
    expect(started.stdout).toContain(
      'auth-service cannot start: Invalid configuration:\\n  - KEY_ENCRYPTION_KEYS is required in production',
    );
  });
});
