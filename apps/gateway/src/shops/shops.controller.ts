import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Caller,
  type Shop,
  type ShopWrite,
  type ShopStatus,
  Subjects,
  type UrlAvailability,
} from '@kartlink/contracts';
import { ShopSettingsRequest, ShopUrlCheckRequest } from '@kartlink/contracts/dto';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { PublicReadCache } from '../public/public-read-cache';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';

const URL_CHECKS = { name: 'shop-url-checks', limit: 120, windowMs: 60_000 };

@ApiTags('shop')
@Controller('shop')
export class ShopsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: PublicReadCache,
  ) {}

  @Get('status')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The owner's shop setup state (requiresSetup, setupSteps, shopUrl)" })
  status(@CurrentCaller() caller: Caller): Promise<ShopStatus> {
    return this.services.request<ShopStatus>(Subjects.shop.status, { caller });
  }

  @Get('user/profile')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The owner's shop; 404 when there is none yet (setup is needed)" })
  profile(@CurrentCaller() caller: Caller): Promise<Shop> {
    return this.services.request<Shop>(Subjects.shop.profile, { caller });
  }

  @Put('settings')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Partial update of the shop (the first save creates it); a taken URL is refused',
  })
  updateSettings(
    @CurrentCaller() caller: Caller,
    @Body() body: ShopSettingsRequest,
  ): Promise<Shop> {
    return this.cache.afterWrite(() =>
      this.services.request<ShopWrite<Shop>>(Subjects.shop.updateSettings, { caller, body }),
    );
  }

  @Post('check-url-available')
  @HttpCode(200)
  @RateLimit(URL_CHECKS)
  @ApiOperation({ summary: 'Is this shop URL free? No token needed; answers why not in words' })
  checkUrl(@Body() body: ShopUrlCheckRequest): Promise<UrlAvailability> {
    return this.services.request<UrlAvailability>(Subjects.shop.urlAvailable, {
      shopUrl: body.shopUrl,
    });
  }

  @Post('validate-url')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @RateLimit(URL_CHECKS)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Can the owner take this URL? Their own shop's URL counts as free" })
  validateUrl(
    @CurrentCaller() caller: Caller,
    @Body() body: ShopUrlCheckRequest,
  ): Promise<UrlAvailability> {
    return this.services.request<UrlAvailability>(Subjects.shop.urlAvailable, {
      shopUrl: body.shopUrl,
      caller,
    });
  }
}
