import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { REPORTS_PER_VISITOR_PER_HOUR, Subjects } from '@kartlink/contracts';
import { CreateReportRequest } from '@kartlink/contracts/dto';
import type { FastifyRequest } from 'fastify';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';

const REPORTS = {
  name: 'reports',
  limit: REPORTS_PER_VISITOR_PER_HOUR,
  windowMs: 3_600_000,
  message: 'You have sent many reports in the last hour. Please try again later.',
};

/** Visitors' reports of a shop or product page (no account needed). */
@ApiTags('public')
@Controller('reports')
export class ReportsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(202)
  @RateLimit(REPORTS)
  @ApiOperation({
    summary: 'Report a shop or product page to the admins (no account)',
    description:
      `At most ${REPORTS_PER_VISITOR_PER_HOUR} an hour per visitor (then 429 with Retry-After). ` +
      'An unknown shop or product answers 404. The visitor’s address is never stored as such.',
  })
  async create(
    @Body() body: CreateReportRequest,
    @Req() request: FastifyRequest,
  ): Promise<{ received: true }> {
    await this.services.request(Subjects.shop.createReport, { body, visitor: request.ip });
    return { received: true };
  }
}
