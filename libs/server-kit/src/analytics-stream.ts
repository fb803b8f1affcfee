import { ANALYTICS_STREAM_SUBJECTS, analyticsStreamName } from '@kartlink/contracts';
import { type JetStreamManager, RetentionPolicy } from 'nats';
import { ensureStream, type StreamReplicas } from './jetstream-replicas';

/** Raw events stay on the stream this long, so a consumer that was down can catch up. */
const ANALYTICS_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * Creates the ANALYTICS stream of this subject prefix, or brings an existing one in line
 * (ensureStream). The gateway, analytics-service and shop-service all call it at startup.
 * It keeps `replicas` copies (JETSTREAM_REPLICAS) in a NATS cluster.
 */
export function ensureAnalyticsStream(
  manager: JetStreamManager,
  subjectPrefix: string,
  replicas: StreamReplicas = {},
): Promise<string> {
  return ensureStream(
    manager,
    {
      name: analyticsStreamName(subjectPrefix),
      subjects: [`${subjectPrefix}${ANALYTICS_STREAM_SUBJECTS}`],
      maxAgeMs: ANALYTICS_MAX_AGE_MS,
      retention: RetentionPolicy.Limits,
    },
    replicas,
  );
}
