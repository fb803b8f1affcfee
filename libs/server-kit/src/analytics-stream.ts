import { ANALYTICS_STREAM_SUBJECTS, analyticsStreamName } from '@kartlink/contracts';
import { type JetStreamManager, nanos, RetentionPolicy, StorageType } from 'nats';
import { ensureStreamReplicas, type StreamReplicas } from './jetstream-replicas';

/** Raw events stay on the stream this long, so a consumer that was down can catch up. */
const ANALYTICS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** JetStream drops a message whose id it saw within this window (replays are also stopped later, by the stored id). */
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * Creates the ANALYTICS stream of this subject prefix, or brings an existing one in line.
 * The gateway, analytics-service and shop-service all call it at startup: any may come first,
 * and replicas starting together are fine (the loser of a creation race finds it there).
 * It keeps `replicas` copies (JETSTREAM_REPLICAS) in a NATS cluster.
 */
export async function ensureAnalyticsStream(
  manager: JetStreamManager,
  subjectPrefix: string,
  replicas: StreamReplicas = {},
): Promise<string> {
  const name = analyticsStreamName(subjectPrefix);
  const wanted = {
    subjects: [`${subjectPrefix}${ANALYTICS_STREAM_SUBJECTS}`],
    max_age: nanos(ANALYTICS_MAX_AGE_MS),
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
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: replicas.replicas ?? 1,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test((err as Error).message)) throw err;
  }
  return name;
}
