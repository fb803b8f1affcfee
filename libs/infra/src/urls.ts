export type InfraKind = 'postgres' | 'redis' | 'nats';
export const INFRA_KINDS: readonly InfraKind[] = ['postgres', 'redis', 'nats'];

export const INFRA_LABELS: Record<InfraKind, string> = {
  postgres: 'PostgreSQL',
  redis: 'Redis',
  nats: 'NATS JetStream',
};

/** The variable that points the apps (and this discovery) at each service. */
export const INFRA_ENV_VARS: Record<InfraKind, 'DATABASE_URL' | 'REDIS_URL' | 'NATS_URL'> = {
  postgres: 'DATABASE_URL',
  redis: 'REDIS_URL',
  nats: 'NATS_URL',
};

/** Where the services answer on a developer machine that has them installed and running. */
export const LOCAL_DEFAULT_URLS: Record<InfraKind, string> = {
  postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: 'redis://127.0.0.1:6379',
  nats: 'nats://127.0.0.1:4222',
};

export function localUrl(kind: InfraKind, port: number): string {
  const url = new URL(LOCAL_DEFAULT_URLS[kind]);
  url.port = String(port);
  return url.toString().replace(/\/$/, '');
}

/** The same server, another database: postgres://u@h:5432/a -> postgres://u@h:5432/b. */
export function databaseUrl(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(databaseName)}`;
  return url.toString();
}

/** The database a PostgreSQL URL names, or undefined when it names none. */
export function databaseNameOf(postgresUrl: string): string | undefined {
  const name = decodeURIComponent(new URL(postgresUrl).pathname.replace(/^\//, ''));
  return name || undefined;
}

/** The infrastructure settings every Kartlink app reads from its environment. */
export interface InfraEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  NATS_URL: string;
  NATS_SUBJECT_PREFIX: string;
  SMTP_URL: string;
}
