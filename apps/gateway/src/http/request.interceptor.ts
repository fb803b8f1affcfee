import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { type ApiSuccess } from '@kartlink/contracts';
import { runWithRequestContext } from '@kartlink/server-kit';
import type { FastifyRequest } from 'fastify';
import { Observable, map } from 'rxjs';

/** A handler that answers with this keeps its own body shape (e.g. readiness, raw documents). */
export class RawBody<T> {
  constructor(readonly body: T) {}
}

/**
 * Runs each handler inside the request's context, so that the logger and the service client
 * see its id without passing it around, and wraps what the handler returns in the success
 * envelope `{ success: true, data }`.
 */
@Injectable()
export class RequestInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId: request.id }, () =>
        next
          .handle()
          .pipe(
            map((data: unknown) =>
              data instanceof RawBody
                ? data.body
                : ({ success: true, data } satisfies ApiSuccess<unknown>),
            ),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
