import Redis from 'ioredis';
import { connect } from 'nats';
import { Client } from 'pg';
import type { InfraKind } from './urls';

export type ProbeResult = { ok: true } | { ok: false; error: string };

const PROBE_TIMEOUT_MS = 2_000;

function failure(err: unknown): ProbeResult {
  return { ok: false, error: err instanceof Error ? err.message : String(err) };
}

/** Connects and runs `SELECT 1`. A missing database still proves the server answers. */
async function probePostgres(url: string): Promise<ProbeResult> {
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') return { ok: true };
    return failure(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connects without retrying and sends PING. */
async function probeRedis(url: string): Promise<ProbeResult> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_TIMEOUT_MS,
    commandTimeout: PROBE_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis rejects connect() with "Connection is closed."; the cause comes as an event.
  let cause: unknown;
  redis.on('error', (err) => (cause = err));
  try {
    await redis.connect();
    const pong = await redis.ping();
    return pong === 'PONG' ? { ok: true } : { ok: false, error: `PING answered ${pong}` };
  } catch (err) {
    return failure(cause ?? err);
  } finally {
    // Disconnecting an already closed client leaves a 2 s timer that delays exit.
    if (redis.status !== 'end') redis.disconnect();
  }
}

/** Connects and asks for the JetStream account info, so a server without -js does not pass. */
export async function probeNats(url: string): Promise<ProbeResult> {
  try {
    const nc = await connect({
      servers: url,
      timeout: PROBE_TIMEOUT_MS,
      reconnect: false,
      maxReconnectAttempts: 0,
    });
    try {
      const jsm = await nc.jetstreamManager({ timeout: PROBE_TIMEOUT_MS });
      await jsm.getAccountInfo();
      return { ok: true };
    } finally {
      await nc.close();
    }
  } catch (err) {
    return failure(err);
  }
}

export const PROBES: Record<InfraKind, (url: string) => Promise<ProbeResult>> = {
  postgres: probePostgres,
  redis: probeRedis,
  nats: probeNats,
};
