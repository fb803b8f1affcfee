/**
 * NATS subjects, one namespace per owning service. Requests are sent to `${prefix}${subject}`,
 * where the prefix (NATS_SUBJECT_PREFIX) keeps test runs and environments apart.
 */
export const ServiceName = {
  auth: 'auth',
  shop: 'shop',
  media: 'media',
  analytics: 'analytics',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];
export const SERVICE_NAMES: readonly ServiceName[] = Object.values(ServiceName);

export const Subjects = {
  health: (service: ServiceName) => `${service}.health` as const,
} as const;

/** Queue group each service's replicas join, so that one replica answers each request. */
export const queueGroupOf = (service: ServiceName) => `${service}-service`;

/** Header names carried on HTTP and NATS messages. */
export const Headers = {
  requestId: 'x-request-id',
} as const;
