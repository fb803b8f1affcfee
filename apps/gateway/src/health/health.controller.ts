import { Controller, Get, Param, ParseEnumPipe, Query, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  ErrorCode,
  type PublicServiceHealth,
  type Readiness,
  SERVICE_NAMES,
  ServiceName,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import type { FastifyReply } from 'fastify';
import { RawBody } from '../http/request.interceptor';
import { SkipRateLimit } from '../rate-limit/rate-limit.decorator';
import { HealthService } from './health.service';

const unknownServiceIs404 = new ParseEnumPipe(ServiceName, {
  exceptionFactory: () =>
    new ServiceError(
      ErrorCode.NOT_FOUND,
      `There is no such service. Services: ${SERVICE_NAMES.join(', ')}.`,
    ),
});

@ApiTags('health')
@SkipRateLimit()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the gateway process is up and serving' })
  @ApiOkResponse({ description: '{ success: true, data: { status: "ok" } }' })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: NATS, Redis and every service (each checking its database) answer',
    description:
      'Answers `{ success, data: { status, checks } }`; 200 when ready, 503 when not, with the state of each check ' +
      "(`ok`, and a service's `status`); why a check fails is logged, never answered. " +
      'With `scope=gateway` only what this gateway itself needs (NATS and Redis) decides; the services are still reported. ' +
      "That is the load balancer's question: one service being down must not take every gateway out.",
  })
  @ApiQuery({ name: 'scope', required: false, enum: ['gateway'] })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'Not ready; data.checks says what failed' })
  async ready(
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('scope') scope?: string,
  ): Promise<RawBody<{ success: boolean; data: Readiness }>> {
    if (scope !== undefined && scope !== 'gateway')
      throw new ServiceError(ErrorCode.BAD_REQUEST, 'scope can only be "gateway".');
    const readiness = await this.health.readiness(scope === 'gateway');
    const ready = readiness.status === 'ready';
    void reply.status(ready ? 200 : 503).header('cache-control', 'no-store');
    return new RawBody({ success: ready, data: readiness });
  }

  @Get('services/:service')
  @ApiOperation({
    summary: "One service's health, asked over NATS (the service checks its own database)",
  })
  @ApiParam({ name: 'service', enum: Object.values(ServiceName) })
  @ApiOkResponse({
    description:
      '{ success: true, data: { service, status, checks: { database: { ok } } } }; why a check fails is logged, not answered',
  })
  service(
    @Param('service', unknownServiceIs404) service: ServiceName,
  ): Promise<PublicServiceHealth> {
    return this.health.service(service);
  }
}
