import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type AdminPage,
  type AdminProduct,
  type AdminReport,
  type AdminShop,
  type AdminUser,
  type AuditEntry,
  type AuthUser,
  type Caller,
  type ImpersonationToken,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import {
  AdminListQueryRequest,
  AuditQueryRequest,
  CreateImpersonationRequest,
  ModerationReasonRequest,
  ReportQueryRequest,
  ResolveReportRequest,
  SetPlanRequest,
} from '@kartlink/contracts/dto';
import type { FastifyReply } from 'fastify';
import { CurrentCaller } from '../auth/auth.guard';
import type { GatewayConfig } from '../config';
import { RawBody } from '../http/request.interceptor';
import { PublicReadCache } from '../public/public-read-cache';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';
import { AdminGuard } from './admin.guard';

const HIDDEN_NOTE =
  'Anyone but a signed-in admin acting as themself (no token, a non-admin, an impersonation ' +
  'session, an API key) gets 404 ROUTE_NOT_FOUND, as for a route that does not exist. Audited.';

/**
 * The admin console's API (issue 21). AdminGuard answers everyone else 404; auth-service
 * checks again (from the database) and records every action in the audit log before it counts.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: PublicReadCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Put('users/plan')
  @ApiOperation({
    summary: 'Admins only: move a user to the free or premium plan (audited)',
    description: HIDDEN_NOTE,
  })
  setPlan(@CurrentCaller() caller: Caller, @Body() body: SetPlanRequest): Promise<AuthUser> {
    return this.services.request<AuthUser>(Subjects.auth.setPlan, { caller, body });
  }

  @Post('impersonation-tokens')
  @ApiOperation({
    summary: 'Admins only: a single-use link (valid 15 minutes) that signs in as a non-admin user',
    description:
      'Open loginUrl (/admin-login?token=…) to act as the user; logging out ends it. Every use is audited. ' +
      'A disabled account is refused (403). ' +
      HIDDEN_NOTE,
  })
  async create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateImpersonationRequest,
  ): Promise<ImpersonationToken> {
    const made = await this.services.request<Omit<ImpersonationToken, 'loginUrl'>>(
      Subjects.auth.impersonate,
      { caller, body },
    );
    return {
      ...made,
      loginUrl: `${this.config.PUBLIC_URL}/admin-login?token=${encodeURIComponent(made.token)}`,
    };
  }

  @Get('users')
  @ApiOperation({
    summary: 'Admins only: users, newest first (AdminPage<AdminUser>, 25 a page)',
    description: `q searches the e-mail, the name, the id, and the shop's address or name; pass nextCursor back as cursor. ${HIDDEN_NOTE}`,
  })
  users(
    @CurrentCaller() caller: Caller,
    @Query() query: AdminListQueryRequest,
  ): Promise<AdminPage<AdminUser>> {
    return this.services.request(Subjects.auth.adminUsers, { caller, query });
  }

  @Post('users/:id/disable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins only: disable an account (AdminUser)',
    description:
      'Every session ends at once, sign-in is refused (403 ACCOUNT_DISABLED), API keys stop, and ' +
      'the shop and its products answer visitors 410 NO_LONGER_AVAILABLE. An admin account ' +
      `(or your own) cannot be disabled: 403. ${HIDDEN_NOTE}`,
  })
  async disable(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ModerationReasonRequest,
  ): Promise<AdminUser> {
    const user = await this.services.request<AdminUser>(Subjects.auth.adminDisableUser, {
      caller,
      id,
      body,
    });
    if (user.shopUrl) this.cache.forget(user.shopUrl);
    return user;
  }

  @Post('users/:id/enable')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins only: enable a disabled account again (AdminUser)',
    description: HIDDEN_NOTE,
  })
  async enable(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AdminUser> {
    const user = await this.services.request<AdminUser>(Subjects.auth.adminEnableUser, {
      caller,
      id,
    });
    if (user.shopUrl) this.cache.forget(user.shopUrl);
    return user;
  }

  @Get('shops')
  @ApiOperation({
    summary: 'Admins only: shops, newest first (AdminPage<AdminShop>, 25 a page)',
    description: `q searches the shop's address and name and the owner's e-mail. ${HIDDEN_NOTE}`,
  })
  shops(
    @CurrentCaller() caller: Caller,
    @Query() query: AdminListQueryRequest,
  ): Promise<AdminPage<AdminShop>> {
    return this.services.request(Subjects.shop.adminShops, { caller, query });
  }

  @Get('products')
  @ApiOperation({
    summary: 'Admins only: products, newest first (AdminPage<AdminProduct>, 25 a page)',
    description: `q searches the title, short code, store address and shop address. ${HIDDEN_NOTE}`,
  })
  products(
    @CurrentCaller() caller: Caller,
    @Query() query: AdminListQueryRequest,
  ): Promise<AdminPage<AdminProduct>> {
    return this.services.request(Subjects.shop.adminProducts, { caller, query });
  }

  @Post('shops/:shopId/hide')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins only: hide a shop (AdminShop): visitors get 410, the owner sees the reason',
    description: HIDDEN_NOTE,
  })
  hideShop(
    @CurrentCaller() caller: Caller,
    @Param('shopId') id: string,
    @Body() body: ModerationReasonRequest,
  ): Promise<AdminShop> {
    return this.write(Subjects.shop.adminHideShop, { caller, id, body });
  }

  @Post('shops/:shopId/restore')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins only: show a hidden shop again (AdminShop)',
    description: HIDDEN_NOTE,
  })
  restoreShop(@CurrentCaller() caller: Caller, @Param('shopId') id: string): Promise<AdminShop> {
    return this.write(Subjects.shop.adminRestoreShop, { caller, id });
  }

  @Post('products/:id/hide')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Admins only: hide a product (AdminProduct): visitors get 410, the owner sees the reason',
    description: HIDDEN_NOTE,
  })
  hideProduct(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ModerationReasonRequest,
  ): Promise<AdminProduct> {
    return this.write(Subjects.shop.adminHideProduct, { caller, id, body });
  }

  @Post('products/:id/restore')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admins only: show a hidden product again (AdminProduct)',
    description: HIDDEN_NOTE,
  })
  restoreProduct(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<AdminProduct> {
    return this.write(Subjects.shop.adminRestoreProduct, { caller, id });
  }

  @Get('reports')
  @ApiOperation({
    summary: 'Admins only: visitors’ reports grouped by page (AdminPage<AdminReport>)',
    description: `Open first, most reported first, then oldest; status filters. ${HIDDEN_NOTE}`,
  })
  reports(
    @CurrentCaller() caller: Caller,
    @Query() query: ReportQueryRequest,
  ): Promise<AdminPage<AdminReport>> {
    return this.services.request(Subjects.shop.adminReports, { caller, query });
  }

  @Post('reports/:id/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Admins only: resolve a report (AdminReport): hide its page with a reason, or dismiss it',
    description: HIDDEN_NOTE,
  })
  resolve(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ResolveReportRequest,
  ): Promise<AdminReport> {
    return this.write(Subjects.shop.adminResolveReport, { caller, id, body });
  }

  @Get('audit')
  @ApiOperation({
    summary: 'Admins only: the audit log, newest first (AdminPage<AuditEntry>)',
    description: `Filters: type, actor and subject (an e-mail or an id), from and to (ISO 8601). ${HIDDEN_NOTE}`,
  })
  audit(
    @CurrentCaller() caller: Caller,
    @Query() query: AuditQueryRequest,
  ): Promise<AdminPage<AuditEntry>> {
    return this.services.request(Subjects.auth.adminAudit, { caller, query });
  }

  @Get('audit.csv')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'Admins only: the audit log as CSV, with the same filters',
    description: `A header row, then one row an event; a cell starting with = + - or @ is written with a ' first. ${HIDDEN_NOTE}`,
  })
  async auditCsv(
    @CurrentCaller() caller: Caller,
    @Query() query: AuditQueryRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<string>> {
    const { filename, csv } = await this.services.request<{ filename: string; csv: string }>(
      Subjects.auth.adminAuditCsv,
      { caller, query },
    );
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return new RawBody(csv);
  }

  /** A moderation write in shop-service: this replica drops the shop's reads before answering. */
  private write<T>(subject: string, payload: unknown): Promise<T> {
    return this.cache.afterWrite(() => this.services.request<ShopWrite<T>>(subject, payload));
  }
}
