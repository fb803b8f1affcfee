import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';

/**
 * Secrets the apps need that a deployment keeps in the Secret kartlink-secrets: generated for a
 * test run, and for the local start kept in `.data/app-secrets.json` (git-ignored, readable by
 * the owner only) so that the data they encrypt stays readable from one start to the next.
 * Never committed: a deployment makes its own (deploy/README.md).
 */
export interface AppSecrets {
  /** auth-service's key-encryption keys: `id:base64 of 32 bytes`. */
  KEY_ENCRYPTION_KEYS: string;
}

/** Fresh secrets; `label` names the key-encryption key (letters, digits, - and _). */
export function newAppSecrets(label: string): AppSecrets {
  return { KEY_ENCRYPTION_KEYS: `${label}:${randomBytes(32).toString('base64')}` };
}

/**
 * What the local start gives every app: a NATS user and password too (the apps refuse to start
 * without them in production mode). A NATS server without authorization, as the local one, lets
 * any credentials in; one with the users of tools/nats-auth.ts takes the values set in `env`.
 */
interface LocalSecrets extends AppSecrets {
  NATS_USER: string;
  NATS_PASSWORD: string;
}

/**
 * The local start's secrets: values set in `env` win, then those kept in .data/, else new ones
 * (kept for the next start).
 */
export function localAppSecrets(rootDir: string, env = process.env): LocalSecrets {
  const file = join(rootDir, '.data', 'app-secrets.json');
  let kept: Partial<LocalSecrets> = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  const fresh: LocalSecrets = {
    ...newAppSecrets(`local-${Date.now().toString(36)}`),
    NATS_USER: 'kartlink-local',
    NATS_PASSWORD: randomBytes(24).toString('base64url'),
  };
  const merged: LocalSecrets = { ...fresh, ...kept };
  if (JSON.stringify(merged) !== JSON.stringify(kept)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  }
  const fromEnv = Object.fromEntries(
    Object.keys(merged)
      .filter((name) => env[name])
      .map((name) => [name, env[name]]),
  );
  return { ...merged, ...fromEnv };
}

/**
 * The key-encryption keys that the signing keys in use in `databaseUrl` are sealed under and
 * `secrets` does not hold: the database was started from another checkout (whose .data/ holds
 * them) or .data/app-secrets.json was deleted. auth-service could not read its keys and would
 * stop at its start; the local start says so first, with what to do.
 */
export async function foreignKeyEncryptionKeys(
  databaseUrl: string,
  secrets: AppSecrets,
): Promise<string[]> {
  const held = new Set(
    secrets.KEY_ENCRYPTION_KEYS.split(',').map((entry) => entry.trim().split(':')[0]),
  );
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ kek: string }>(
      `SELECT DISTINCT kek_id AS kek FROM auth.signing_keys
        WHERE kek_id IS NOT NULL AND retired_at IS NULL`,
    );
    return rows.map((row) => row.kek).filter((kek) => !held.has(kek));
  } catch (err) {
    // A database auth-service has not migrated yet holds no keys.
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  } finally {
    await client.end();
  }
}
