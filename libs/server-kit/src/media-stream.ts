import { MEDIA_STREAM_SUBJECTS, mediaStreamName } from '@kartlink/contracts';
import { type JetStreamManager, RetentionPolicy } from 'nats';
import { ensureStream, type StreamReplicas } from './jetstream-replicas';

/** Media events stay this long, so that a consumer that was down for a while still catches up. */
const MEDIA_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Creates the MEDIA stream of this subject prefix if it is missing, with `replicas` copies
 * (JETSTREAM_REPLICAS; an existing one is raised to them). media-service (which publishes) and
 * shop-service (which consumes) both call it at startup: either may come first.
 */
export function ensureMediaStream(
  manager: JetStreamManager,
  subjectPrefix: string,
  replicas: StreamReplicas = {},
): Promise<string> {
  return ensureStream(
    manager,
    {
      name: mediaStreamName(subjectPrefix),
      subjects: [`${subjectPrefix}${MEDIA_STREAM_SUBJECTS}`],
      maxAgeMs: MEDIA_MAX_AGE_MS,
      retention: RetentionPolicy.Limits,
    },
    replicas,
  );
}
