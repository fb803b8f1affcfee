import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
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
    const reply = http.getResponse<FastifyReply>();
    const { status, body, unexpected } = mapError(exception, request);
    if (unexpected) {
      request.log.error({ err: exception, errorCode: body.errorCode }, 'request failed');
    } else {
      request.log.info({ status, errorCode: body.errorCode }, 'request refused');
    }
    if (reply.sent) {
      this.logger.warn({ requestId: request.id }, 'error after the reply was sent');
      return;
    }
    void reply
      .status(status)
      .header('cache-control', 'no-store')
      .send({ ...body, requestId: request.id });
  }
}
