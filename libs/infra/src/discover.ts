import { maskUrl } from '@kartlink/config';
import { join } from 'node:path';
import { aptInstall, canInstallWithApt, DEBIAN_PACKAGES, installAdvice } from './install';
import { ensureLocalServer } from './local-servers';
import { PROBES } from './probes';
import {
  INFRA_ENV_VARS,
  INFRA_KINDS,
  INFRA_LABELS,
  LOCAL_DEFAULT_URLS,
  type InfraKind,
} from './urls';

type InfraOrigin = 'env' | 'local-default' | 'project-started' | 'project-reused';

interface InfraEndpoint {
  url: string;
  origin: InfraOrigin;
}

export type Infrastructure = Record<InfraKind, InfraEndpoint>;

export interface DiscoveryOptions {
  /** Repository root: project-local servers keep their data in `<rootDir>/.data`. */
  rootDir: string;
  /** Where DATABASE_URL, REDIS_URL and NATS_URL are read; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Progress messages for people. */
  log?: (message: string) => void;
  /** Install missing servers with apt-get when running as root (default true). */
  install?: boolean;
  /** Tried before project-local servers; LOCAL_DEFAULT_URLS unless given. */
  localDefaults?: Record<InfraKind, string>;
}

/** Discovery failed in a way a person has to fix; the message says how. */
export class InfraError extends Error {
  override name = 'InfraError';
}

/**
 * Finds PostgreSQL, Redis and NATS with JetStream, in this order for each:
 * 1. the URL in DATABASE_URL / REDIS_URL / NATS_URL when set (it must answer);
 * 2. the local default port, when it answers;
 * 3. a project-local server under `.data/`, reused when running, else started from the
 *    installed programs;
 * 4. when programs are missing: installed with apt-get when running as root, else an
 *    InfraError that says what to install.
 */
export async function ensureInfrastructure(options: DiscoveryOptions): Promise<Infrastructure> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const dataRoot = join(options.rootDir, '.data');

  const localDefaults = options.localDefaults ?? LOCAL_DEFAULT_URLS;
  const settled = await Promise.allSettled(
    INFRA_KINDS.map((kind) =>
      discover(kind, env[INFRA_ENV_VARS[kind]], localDefaults[kind], dataRoot),
    ),
  );
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
  if (errors.length > 0) throw new InfraError(errors.map((e) => e.message).join('\n'));

  const found = new Map<InfraKind, InfraEndpoint>();
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled' && s.value) found.set(INFRA_KINDS[i], s.value);
  });
  let missing = INFRA_KINDS.filter((kind) => !found.has(kind));
  if (missing.length > 0 && options.install !== false && canInstallWithApt()) {
    const packages = missing.map((kind) => DEBIAN_PACKAGES[kind]);
    log(`Installing ${packages.join(' ')} with apt-get…`);
    const result = await aptInstall(packages, { echo: true });
    if (result.code !== 0) {
      throw new InfraError(
        `apt-get failed:\n${result.output.slice(-4000)}\n${installAdvice(missing)}`,
      );
    }
    for (const kind of missing) {
      const endpoint = await startLocal(kind, dataRoot);
      if (endpoint) found.set(kind, endpoint);
    }
    missing = INFRA_KINDS.filter((kind) => !found.has(kind));
  }
  if (missing.length > 0) throw new InfraError(installAdvice(missing));
  return Object.fromEntries(found) as Infrastructure;
}

async function discover(
  kind: InfraKind,
  configured: string | undefined,
  localDefault: string,
  dataRoot: string,
): Promise<InfraEndpoint | undefined> {
  if (configured) {
    const probe = await PROBES[kind](configured);
    if (!probe.ok) {
      throw new Error(
        `${INFRA_ENV_VARS[kind]}=${maskUrl(configured)}: ${INFRA_LABELS[kind]} does not answer there (${probe.error}).`,
      );
    }
    return { url: configured, origin: 'env' };
  }
  if ((await PROBES[kind](localDefault)).ok) return { url: localDefault, origin: 'local-default' };
  return startLocal(kind, dataRoot);
}

async function startLocal(kind: InfraKind, dataRoot: string): Promise<InfraEndpoint | undefined> {
  const outcome = await ensureLocalServer(kind, dataRoot);
  if (outcome.status === 'not-installed') return undefined;
  return {
    url: outcome.url,
    origin: outcome.status === 'started' ? 'project-started' : 'project-reused',
  };
}

const ORIGIN_TEXT: Record<InfraOrigin, (kind: InfraKind) => string> = {
  env: (kind) => `from ${INFRA_ENV_VARS[kind]}`,
  'local-default': () => 'local default',
  'project-started': () => 'project-local, started in .data/',
  'project-reused': () => 'project-local in .data/, already running',
};

/** One line per service, passwords masked: "PostgreSQL      postgres://…  (local default)". */
export function describeInfrastructure(infra: Infrastructure): string[] {
  return INFRA_KINDS.map((kind) => {
    const { url, origin } = infra[kind];
    return `${INFRA_LABELS[kind].padEnd(15)} ${maskUrl(url)}  (${ORIGIN_TEXT[origin](kind)})`;
  });
}
