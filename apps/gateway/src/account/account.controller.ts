import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type AccountDeleted,
  accountExportFilename,
  type Caller,
  type DeletionCodeSent,
  Subjects,
} from '@kartlink/contracts';
import { AccountDeletionRequest } from '@kartlink/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { clientOf } from '../auth/client-info';
import { SessionCookies } from '../auth/session-cookies';
import { RawBody, WithMessage } from '../http/request.interceptor';
import { PublicReadCache } from '../public/public-read-cache';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { AccountExporter } from './account-export';

const FIFTEEN_MINUTES = 15 * 60_000;
/** As sign-in's password checks and code sends (auth.controller.ts), per client address. */
const CONFIRMS = { name: 'auth-logins', limit: 30, windowMs: FIFTEEN_MINUTES };
const CODE_SENDS = { name: 'auth-code-sends', limit: 10, windowMs: FIFTEEN_MINUTES };
const DELETE_TIMEOUT_MS = 30_000;
const EXPORTS = { name: 'account-exports', limit: 10, windowMs: FIFTEEN_MINUTES };

/** The account page's "Download my data" and "Delete account". */
@ApiTags('account')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('account')
export class AccountController {
  constructor(
    private readonly services: ServiceClient,
    private readonly exporter: AccountExporter,
    private readonly cache: PublicReadCache,
    private readonly cookies: SessionCookies,
  ) {}

  @Get('export')
  @RateLimit(EXPORTS)
  @ApiProduces('application/zip')
  @ApiOperation({
    summary: 'Download the whole account as a zip: account.json and the images',
    description:
      'account.json holds the profile, the shop, every product, the banners, the list of ' +
      'images and the analytics rollups (per day for the shop, per month for each product); ' +
      'images/{id}.{ext} each image as it is served. No password, session or token is in it. ' +
      'Streamed as it is made, as an attachment named kartlink-account-{date}.zip.',
  })
  async export(
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<unknown>> {
    const now = new Date();
    const zip = await this.exporter.export(caller, now);
    void reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${accountExportFilename(now)}"`);
    return new RawBody(zip);
  }

  @Post('deletion-code')
  @HttpCode(200)
  @RateLimit(CODE_SENDS)
  @ApiOperation({
    summary:
      'E-mail a 6-digit code (valid 600 s) confirming a deletion: for an account without a password (Google only)',
  })
  async sendDeletionCode(@CurrentCaller() caller: Caller) {
    const sent = await this.services.request<DeletionCodeSent>(Subjects.auth.sendDeletionCode, {
      caller,
    });
    return new WithMessage(sent, `We sent a 6-digit code to ${sent.email}.`);
  }

  @Post('delete')
  @HttpCode(200)
  @RateLimit(CONFIRMS)
  @ApiOperation({
    summary: 'Delete the account, its shop and everything in it; every session ends',
    description:
      'Body `{ password }`, or `{ code }` (POST /api/account/deletion-code) for an account ' +
      'without a password. A wrong one answers 400 and changes nothing; tries are counted as ' +
      "sign-in's are. The shop's pages answer 404 at once; each service deletes the rest of the " +
      "account's data from the user-deleted event.",
  })
  @ApiOkResponse({ description: '{ success: true, data: null, message }' })
  async delete(
    @CurrentCaller() caller: Caller,
    @Body() body: AccountDeletionRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { changedShopUrls } = await this.services.request<AccountDeleted>(
      Subjects.auth.deleteAccount,
      { caller, body, client: clientOf(request) },
      // auth-service asks shop-service twice and announces on the stream before it answers.
      { timeoutMs: DELETE_TIMEOUT_MS },
    );
    for (const shopUrl of changedShopUrls) this.cache.forget(shopUrl);
    this.cookies.clear(reply);
    return new WithMessage(null, 'Your account was deleted.');
  }
}
