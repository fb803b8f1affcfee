import {
  type ArgumentsHost,
  type CallHandler,
  Catch,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { Headers, type RpcErrorPayload } from '@kartlink/contracts';
import { randomUUID } from 'node:crypto';
import type { NatsContext } from '@nestjs/microservices';
import type { MsgHdrs } from 'nats';
import { Observable, throwError } from 'rxjs';
import type { Logger } from './logger';
import { metrics } from './metrics';
import { isOutage, unavailable } from './outage';
import { acceptRequestId, runWithRequestContext } from './request-context';
import { ServiceError } from './service-error';
import { startNatsHandlerSpan } from './tracing';

/**
 * Every failure a handler throws leaves the service as `{ code, message, details }`.
 * An error that is not a ServiceError is a bug: it is logged in full here and the caller
 * gets INTERNAL_ERROR with a generic message, never the internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const payload = failurePayload(exception, this.logger);
    return throwError(() => payload);
  }
}

/**
 * What a handler's failure answers: a ServiceError as it is, an outage of a server the service
 * needs as SERVICE_UNAVAILABLE (logged as a warning), anything else as INTERNAL_ERROR (a bug:
 * logged in full).
 */
export function failurePayload(exception: unknown, logger: Logger): RpcErrorPayload {
  if (exception instanceof ServiceError) return exception.toPayload();
  if (isOutage(exception)) {
    logger.warn({ err: exception }, 'a server this service needs is away');
    return unavailable().toPayload();
  }
  logger.error({ err: exception }, 'unhandled error in a message handler');
  return ServiceError.internal().toPayload();
}

/**
 * Runs each message handler inside the request's context (the id the gateway sent in the NATS
 * headers) and writes one structured line per handled request.
 */
@Injectable()
export class RpcRequestInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats.getHeaders() as MsgHdrs | undefined;
    const requestId = acceptRequestId(headers?.get(Headers.requestId), randomUUID);
    const subject = nats.getSubject();
    const started = performance.now();
    // The handler's span (tracing.ts), a child of the requester's: none when tracing is off.
    const span = startNatsHandlerSpan(subject, headers);
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId, trace: span?.context }, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (err: unknown) => {
            const code =
              err instanceof ServiceError
                ? err.code
                : isOutage(err)
                  ? 'SERVICE_UNAVAILABLE'
                  : 'INTERNAL_ERROR';
            this.logger.info({ subject, code, durationMs: elapsed(started) }, 'request failed');
            metrics.observeNatsHandled(subject, (performance.now() - started) / 1000, code);
            span?.end(code);
            subscriber.error(err);
          },
          complete: () => {
            this.logger.info({ subject, durationMs: elapsed(started) }, 'request handled');
            metrics.observeNatsHandled(subject, (performance.now() - started) / 1000);
            span?.end();
            subscriber.complete();
          },
        }),
      ),
    );
  }
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;
