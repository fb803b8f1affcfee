import { Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type Caller,
  type DeviceSession,
  type OtherSessionsEnded,
  Subjects,
} from '@kartlink/contracts';
import type { FastifyReply } from 'fastify';
import { ServiceClient } from '../services/service-client';
import { AuthGuard, CurrentCaller } from './auth.guard';
import { SessionCookies } from './session-cookies';

const ENDS_AT_ONCE =
  'Its refresh token stops working at once, and so do its access tokens (otherwise valid for ' +
  `${ACCESS_TOKEN_TTL_SECONDS} s): the gateway refuses a signed-out session's tokens on their next request.`;

/**
 * The owner's signed-in devices (the account page's "Signed-in devices"): one per session,
 * and signing out any one of them, or all but this one.
 */
@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('auth/sessions')
export class SessionsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: SessionCookies,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The signed-in devices: browser and platform, approximate place, created, last used',
    description:
      'Each item: `{ id, device ("Chrome on Android"), place ("Kolkata", from the time zone the ' +
      'web app sends in X-Time-Zone; null when unknown), timeZone, createdAt, lastUsedAt (the ' +
      'last refresh), current (the device asking) }`, the most recently used first. A session ' +
      'unused for SESSION_IDLE_SECONDS has ended and is not listed.',
  })
  list(@CurrentCaller() caller: Caller): Promise<DeviceSession[]> {
    return this.services.request<DeviceSession[]>(Subjects.auth.listSessions, { caller });
  }

  @Post('end-others')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign out of every other device; this one stays signed in',
    description: `Answers \`{ ended }\`, how many devices were signed out. ${ENDS_AT_ONCE}`,
  })
  endOthers(@CurrentCaller() caller: Caller): Promise<OtherSessionsEnded> {
    return this.services.request<OtherSessionsEnded>(Subjects.auth.endOtherSessions, { caller });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiParam({ name: 'id', description: 'A session id from GET /api/auth/sessions' })
  @ApiOperation({
    summary: 'Sign out one device',
    description: `${ENDS_AT_ONCE} Ending this device's own session also clears its cookie.`,
  })
  @ApiOkResponse({ description: '{ success: true, data: null }' })
  @ApiNotFoundResponse({
    description: 'Not one of your signed-in devices (another account’s, ended, or unknown)',
  })
  async end(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.services.request(Subjects.auth.endSession, { caller, id });
    if (id === caller.sessionId) this.cookies.clear(reply);
    return null;
  }
}
