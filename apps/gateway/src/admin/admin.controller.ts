import { Body, Controller, Inject, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AuthUser, type Caller, type ImpersonationToken, Subjects } from '@kartlink/contracts';
import { CreateImpersonationRequest, SetPlanRequest } from '@kartlink/contracts/dto';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Put('users/plan')
  @ApiOperation({ summary: 'Admins only: move a user to the free or premium plan (audited)' })
  setPlan(@CurrentCaller() caller: Caller, @Body() body: SetPlanRequest): Promise<AuthUser> {
    return this.services.request<AuthUser>(Subjects.auth.setPlan, { caller, body });
  }

  @Post('impersonation-tokens')
  @ApiOperation({
    summary: 'Admins only: a single-use link (valid 15 minutes) that signs in as a non-admin user',
    description:
      'Open loginUrl (/admin-login?token=…) to act as the user; logging out ends it. Every use is audited.',
  })
  async create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateImpersonationRequest,
  ): Promise<ImpersonationToken> {
    const made = await this.services.request<Omit<ImpersonationToken, 'loginUrl'>>(
      Subjects.auth.impersonate,
      {
        caller,
        body,
      },
    );
    return {
      ...made,
      loginUrl: `${this.config.PUBLIC_URL}/admin-login?token=${encodeURIComponent(made.token)}`,
    };
  }
}
