import { MEDIA_STREAM_SUBJECTS, mediaStreamName } from '@kartlink/contracts';
import { type JetStreamManager, nanos, RetentionPolicy, StorageType } from 'nats';

/** Media events stay this long, so that a consumer that was down for a while still catches up. */
const MEDIA_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * Creates the MEDIA stream of this subject prefix if it is missing. media-service (which
 * publishes) and shop-service (which consumes) both call it at startup: either may come first.
 */
export async function ensureMediaStream(
  manager: JetStreamManager,
  subjectPrefix: string,
): Promise<string> {
  const name = mediaStreamName(subjectPrefix);
  if (await manager.streams.info(name).catch(() => undefined)) return name;
  try {
    await manager.streams.add({
      name,
      subjects: [`${subjectPrefix}${MEDIA_STREAM_SUBJECTS}`],
      max_age: nanos(MEDIA_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
    });
  } catch (err) {
    if (!/already in use|already exists/i.test((err as Error).message)) throw err;
  }
  return name;
}
