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

/** A handler that answers with this adds a message for people to the success envelope. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
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
            map((data: unknown) => {
              if (data instanceof RawBody) return data.body;
              if (data instanceof WithMessage) {
                return {
                  success: true,
                  data: data.data,
                  message: data.message,
                } satisfies ApiSuccess<unknown>;
              }
              return { success: true, data } satisfies ApiSuccess<unknown>;
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
