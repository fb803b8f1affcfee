import { runCommand } from '@kartlink/infra';

export interface ServerUrls {
  postgres: string;
  redis: string;
  nats: string;
}

export interface StartedContainers {
  urls: ServerUrls;
  stop(): Promise<void>;
}

/** True when a Docker engine answers (`docker info` succeeds). */
export async function dockerEngineAvailable(): Promise<boolean> {
  return (await runCommand('docker', ['info'], { timeoutMs: 15_000 })).code === 0;
}

/** PostgreSQL, Redis and NATS with JetStream in throw-away containers. */
export async function startContainers(): Promise<StartedContainers> {
  // Loaded only here: testcontainers is heavy and unused without a Docker engine.
  const { GenericContainer, Wait } = await import('testcontainers');
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [postgres, redis, nats] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine').start(),
    new RedisContainer('redis:7-alpine').start(),
    new GenericContainer('nats:2')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
  ]);
  return {
    urls: {
      postgres: postgres.getConnectionUri(),
      redis: redis.getConnectionUrl(),
      nats: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    },
    async stop() {
      await Promise.all([postgres.stop(), redis.stop(), nats.stop()]);
    },
  };
}
