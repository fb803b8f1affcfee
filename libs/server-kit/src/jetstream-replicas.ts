import { int } from '@kartlink/config';
import {
  type JetStreamManager,
  nanos,
  type RetentionPolicy,
  StorageType,
  type StreamInfo,
} from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger';
import { isOutage } from './outage';

/** Variables of the apps that create JetStream streams or buckets. */
export const jetStreamEnvSchema = {
  JETSTREAM_REPLICAS: int({
    description:
      'copies JetStream keeps of each stream and bucket the apps create: 1 on one NATS server, ' +
      '3 on a 3-node cluster (an existing stream is raised to it, never lowered)',
    default: 1,
    min: 1,
    max: 5,
  }),
};

/** How the apps' streams and buckets are kept: JETSTREAM_REPLICAS, and where a refusal is told. */
export interface StreamReplicas {
  replicas?: number;
  logger?: Logger;
}

/**
 * Raises an existing stream (or a bucket's stream) to `replicas` copies, as NATS allows
 * in a cluster with that many servers: an app never lowers it (another app with an older
 * configuration, or an operator's `nats stream edit --replicas`, may have raised it on purpose).
 * A refusal (fewer servers than copies, a server without clustering) is logged with what to do,
 * and the app goes on with the copies the stream has: its data is there either way.
 * Durable consumers without a replica count of their own follow the stream.
 */
export async function ensureStreamReplicas(
  manager: JetStreamManager,
  stream: StreamInfo,
  { replicas = 1, logger }: StreamReplicas,
): Promise<void> {
  const { name, num_replicas: current = 1 } = stream.config;
  if (current >= replicas) {
    if (current > replicas)
      logger?.info(
        { stream: name, replicas: current, configured: replicas },
        'stream keeps more copies than JETSTREAM_REPLICAS; lower it with `nats stream edit --replicas` if meant',
      );
    return;
  }
  try {
    await manager.streams.update(name, { ...stream.config, num_replicas: replicas });
    logger?.info({ stream: name, from: current, replicas }, 'stream replicas raised');
  } catch (err) {
    logger?.warn(
      { err, stream: name, replicas: current, configured: replicas },
      `stream not raised to JETSTREAM_REPLICAS copies: run \`nats stream edit ${name} --replicas ${replicas}\` ` +
        'once the NATS cluster has that many servers',
    );
  }
}

/**
 * Runs a startup's JetStream calls (a stream, a consumer, a bucket made or checked) again while
 * JetStream does not answer, for up to `forMs`: a cluster electing leaders, or creating a
 * replicated stream on busy machines, answers in more than the API's 5 s at times. Another
 * error, or an outage that lasts, fails the startup as before. Never on a request's path.
 */
export async function untilJetStreamAnswers<T>(
  call: () => Promise<T>,
  logger?: Logger,
  forMs = 60_000,
): Promise<T> {
  const until = Date.now() + forMs;
  for (;;) {
    try {
      return await call();
    } catch (err) {
      if (!isOutage(err) || Date.now() >= until) throw err;
      logger?.warn({ err }, 'JetStream not answering yet; trying again');
      await sleep(1000);
    }
  }
}

/** JetStream drops a message whose id it saw within this window (replays are also stopped later, by the stored id). */
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/** One of the apps' streams: what ensureStream makes, or brings an existing one in line with. */
export interface StreamShape {
  name: string;
  subjects: string[];
  /** How long a message stays, so that a consumer that was down for a while still catches up. */
  maxAgeMs: number;
  /** Kept as made: NATS does not change an existing stream's retention. */
  retention: RetentionPolicy;
}

/**
 * Creates a stream if it is missing (file storage, `replicas` copies), or brings an existing one
 * in line with its subjects, age and duplicate window and raises its copies. Every app that
 * publishes or consumes it calls this at startup: any may come first, and replicas starting
 * together are fine (the loser of a creation race finds it there). Answers its name.
 */
export async function ensureStream(
  manager: JetStreamManager,
  shape: StreamShape,
  replicas: StreamReplicas = {},
): Promise<string> {
  const { name } = shape;
  const wanted = {
    subjects: shape.subjects,
    max_age: nanos(shape.maxAgeMs),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
  const existing = await manager.streams.info(name).catch(() => undefined);
  if (existing) {
    const { subjects = [], max_age, duplicate_window } = existing.config;
    const same =
      subjects.join() === wanted.subjects.join() &&
      max_age === wanted.max_age &&
      duplicate_window === wanted.duplicate_window;
    if (!same) await manager.streams.update(name, { ...existing.config, ...wanted });
    await ensureStreamReplicas(manager, existing, replicas);
    return name;
  }
  try {
    await manager.streams.add({
      name,
      ...wanted,
      retention: shape.retention,
      storage: StorageType.File,
      num_replicas: replicas.replicas ?? 1,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test((err as Error).message)) throw err;
  }
  return name;
}
