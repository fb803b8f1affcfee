import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { Headers } from '@kartlink/contracts';
import type { Logger } from '@kartlink/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapError } from './error-mapping';

/** Every error of every route, including unknown routes and body-parsing failures, ends here. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (!sendError(exception, request, http.getResponse<FastifyReply>()))
      this.logger.warn({ requestId: request.id }, 'error after the reply was sent');
  }
}

/**
 * Logs a failure (an error for a bug or an outage, info for a refusal) and answers the
 * envelope, unless an answer went already (false). Fastify's frameworkErrors handler
 * (app.factory.ts) calls it too, for the paths its router cannot read, which no filter sees.
 */
export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const { status, body, unexpected, retryAfterSeconds } = mapError(exception, request);
  if (unexpected) {
    request.log.error({ err: exception, errorCode: body.errorCode }, 'request failed');
  } else {
    request.log.info({ status, errorCode: body.errorCode }, 'request refused');
  }
  if (reply.sent) return false;
  if (retryAfterSeconds) void reply.header('retry-after', retryAfterSeconds);
  void reply
    .status(status)
    .header(Headers.requestId, request.id)
    .header('cache-control', 'no-store')
    .send({ ...body, requestId: request.id });
  return true;
}
