import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context';
import { activeTraceIds } from './tracing';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Paths that may carry secrets; pino replaces them before a line is written. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.otp',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

const CENSOR = '[redacted]';

/**
 * Query parameters that carry a secret: sign-in tokens (the admin sign-in link's among them),
 * OAuth's code and state, codes and passwords. Matched on the decoded name, in any case.
 */
const SECRET_PARAM = /token|^(code|state|otp|password|secret|signature|sig|key)$/i;

/** A URL to log: the value of each secret query parameter replaced, the rest kept as sent. */
function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAM.test(decodeName(name)) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

/**
 * Structured JSON logs. Every line written while a request is handled carries its requestId,
 * taken from the async context, so one id follows a request through the gateway and services;
 * with tracing on, its traceId and spanId as well.
 * A request is logged with its URL's secrets redacted (Fastify takes this serializer over its
 * own). `destination` is for tests that read the lines; by default they go to stdout.
 */
export function createLogger(
  service: string,
  level: LogLevel = 'info',
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: CENSOR },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
      mixin(_object, _level, logger) {
        const requestId = currentRequestId();
        // The trace's ids beside the request's, when tracing is on (tracing.ts), unless the
        // logger carries them already (the gateway's request loggers).
        const traceIds = activeTraceIds();
        if (traceIds && !boundTraceIds(logger))
          return requestId ? { requestId, ...traceIds } : traceIds;
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

/** Whether a (child) logger's own fields hold the trace's ids. */
function boundTraceIds(logger: Logger): boolean {
  const bindings = (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
  return typeof bindings === 'string' && bindings.includes('"traceId"');
}

/** Lets NestJS's own messages (module init, route mapping, errors) go through the same logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, ...rest: unknown[]) {
    const context =
      typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    if (message instanceof Error) this.logger.error({ err: message, context }, message.message);
    else this.logger.error({ context, stack }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string) {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
  ) {
    if (typeof message === 'object' && message !== null)
      this.logger[level]({ context, ...message });
    else this.logger[level]({ context }, String(message));
  }
}
