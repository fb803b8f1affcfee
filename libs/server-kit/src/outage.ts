import { ErrorCode } from '@kartlink/contracts';
import { ServiceError } from './service-error';

/** What a client is told when a server the service needs (PostgreSQL, Redis, NATS) is away. */
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again later.';

/** PostgreSQL's SQLSTATEs of a connection lost or a server shutting down or starting up. */
const POSTGRES_AWAY = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/**
 * nats.js's codes of a JetStream that did not answer: no server took the request (503, no
 * responders: a stream without a leader while a cluster elects one), none answered in time, or
 * the connection is away or closing.
 */
const NATS_AWAY = new Set([
  '503',
  'TIMEOUT',
  'DISCONNECT',
  'CONNECTION_CLOSED',
  'CONNECTION_DRAINING',
  'CONNECTION_REFUSED',
  'CONNECTION_TIMEOUT',
]);
/** What ioredis and node-postgres say when their server is not there (their errors carry no code). */
const AWAY_MESSAGES =
  /^(Reached the max retries per request limit|Connection is closed|Stream isn't writeable|Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether `err` says a server the service depends on is away (a restart, a failover, a network
 * cut) rather than that the request or the code is wrong: such a failure is answered 503, for
 * the client to try again, not 500. TypeORM's QueryFailedError carries the driver's error.
 */
export function isOutage(err: unknown): boolean {
  type Failure = { code?: unknown; message?: unknown; name?: unknown; driverError?: unknown };
  let failure = err as Failure | undefined;
  for (let depth = 0; failure && depth < 3; depth++) {
    const { code, message, name } = failure;
    if (typeof code === 'string' && (POSTGRES_AWAY.has(code) || SOCKET_CODES.has(code)))
      return true;
    if (name === 'NatsError' && typeof code === 'string' && NATS_AWAY.has(code)) return true;
    if (typeof message === 'string' && AWAY_MESSAGES.test(message)) return true;
    failure = failure.driverError as Failure | undefined;
  }
  return false;
}

/** The answer to a request that failed on an outage (isOutage). */
export const unavailable = () =>
  new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, UNAVAILABLE_MESSAGE);
