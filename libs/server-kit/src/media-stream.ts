import { MEDIA_STREAM_SUBJECTS, mediaStreamName } from '@kartlink/contracts';
import { type JetStreamManager, nanos, RetentionPolicy, StorageType } from 'nats';
import { ensureStreamReplicas, type StreamReplicas } from './jetstream-replicas';

/** Media events stay this long, so that a consumer that was down for a while still catches up. */
const MEDIA_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * Creates the MEDIA stream of this subject prefix if it is missing, with `replicas` copies
 * (JETSTREAM_REPLICAS; an existing one is raised to them). media-service (which publishes) and
 * shop-service (which consumes) both call it at startup: either may come first.
 */
export async function ensureMediaStream(
  manager: JetStreamManager,
  subjectPrefix: string,
  replicas: StreamReplicas = {},
): Promise<string> {
  const name = mediaStreamName(subjectPrefix);
  const existing = await manager.streams.info(name).catch(() => undefined);
  if (existing) {
    await ensureStreamReplicas(manager, existing, replicas);
    return name;
  }
  try {
    await manager.streams.add({
      name,
      subjects: [`${subjectPrefix}${MEDIA_STREAM_SUBJECTS}`],
      max_age: nanos(MEDIA_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      num_replicas: replicas.replicas ?? 1,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test((err as Error).message)) throw err;
  }
  return name;
}
