import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
 * The local start's secrets: values set in `env` win, then those kept in .data/, else new ones
 * (kept for the next start).
 */
export function localAppSecrets(rootDir: string, env = process.env): AppSecrets {
  const file = join(rootDir, '.data', 'app-secrets.json');
  let kept: Partial<AppSecrets> = {};
  if (existsSync(file)) kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<AppSecrets>;
  const fresh = newAppSecrets(`local-${Date.now().toString(36)}`);
  const merged: AppSecrets = { ...fresh, ...kept };
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
