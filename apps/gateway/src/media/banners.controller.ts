import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Banner, type BannerList, type Caller, Subjects } from '@kartlink/contracts';
import {
  BannerReorderRequest,
  BannerToggleRequest,
  BannerUpdateRequest,
} from '@kartlink/contracts/dto';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { bannerForm, bannersForm, bannerErrors, UPLOADS } from './media-docs';
import { MediaUploads } from './media-uploads';

/**
 * The owner's banners (SPEC section 7, Banners). GET /banners/{id}, the image itself, is a
 * public Fastify route (image-routes.ts). An owner without a shop answers 404 requiresSetup.
 */
@ApiTags('banners')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('banners')
export class BannersController {
  constructor(
    private readonly uploads: MediaUploads,
    private readonly services: ServiceClient,
  ) {}

  @Get('shop')
  @ApiOperation({ summary: "The owner's banners in order, and whether they show: BannerList" })
  list(@CurrentCaller() caller: Caller): Promise<BannerList> {
    return this.services.request<BannerList>(Subjects.media.listBanners, { caller });
  }

  @Post('upload')
  @RateLimit(UPLOADS)
  @ApiOperation({
    summary: 'Upload one banner (JPEG, PNG or WebP) with alt, link and order',
    description: bannerErrors,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(bannerForm)
  async upload(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Promise<Banner> {
    return (await this.uploads.banners(caller, request, false))[0]!;
  }

  @Post('upload-multiple')
  @RateLimit(UPLOADS)
  @ApiOperation({
    summary: 'Upload banners (repeated field banners); only the first 3 are taken',
    description: bannerErrors,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(bannersForm)
  uploadMultiple(
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
  ): Promise<Banner[]> {
    return this.uploads.banners(caller, request, true);
  }

  @Post('toggle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Show or hide all banners on the public shop page' })
  toggle(@CurrentCaller() caller: Caller, @Body() body: BannerToggleRequest): Promise<BannerList> {
    return this.services.request<BannerList>(Subjects.media.toggleBanners, { caller, body });
  }

  @Post('reorder')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Put every banner in a new order',
    description:
      "Unknown or another owner's ids: 400 with invalidIds. A list that is not all banners: 400 with expected and provided.",
  })
  reorder(
    @CurrentCaller() caller: Caller,
    @Body() body: BannerReorderRequest,
  ): Promise<BannerList> {
    return this.services.request<BannerList>(Subjects.media.reorderBanners, { caller, body });
  }

  @Put(':id')
  @ApiOperation({ summary: "Change a banner's alt, link or order" })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: BannerUpdateRequest,
  ): Promise<Banner> {
    return this.services.request<Banner>(Subjects.media.updateBanner, { caller, id, body });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a banner and its image' })
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.services.request(Subjects.media.deleteBanner, { caller, id });
    return null;
  }
}
