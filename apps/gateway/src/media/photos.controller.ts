import { Controller, Delete, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, Subjects, type UploadedImage } from '@kartlink/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { MediaUploads } from './media-uploads';
import { imageForm, UPLOADS, uploadErrors } from './media-docs';

/**
 * Image uploads (SPEC section 7, Images). They only store the image and answer its address;
 * the web saves that address with the shop, profile or product call.
 */
@ApiTags('images')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('photos')
export class PhotosController {
  constructor(
    private readonly uploads: MediaUploads,
    private readonly services: ServiceClient,
  ) {}

  @Post('upload')
  @RateLimit(UPLOADS)
  @ApiOperation({
    summary: 'Upload an image (field image; type product, profile or shop)',
    description: uploadErrors,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(imageForm('image', { type: true, metadata: true }))
  upload(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Promise<UploadedImage> {
    return this.uploads.image(caller, request, { field: 'image' });
  }

  @Post('profile')
  @RateLimit(UPLOADS)
  @ApiOperation({
    summary: "Upload the signed-in person's profile photo (field photo)",
    description: uploadErrors,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(imageForm('photo'))
  profile(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Promise<UploadedImage> {
    return this.uploads.image(caller, request, { field: 'photo', kind: 'profile' });
  }

  @Post('shop')
  @RateLimit(UPLOADS)
  @ApiOperation({
    summary: 'Upload the shop photo (field photo), resized to fit 800×800 at quality 0.85',
    description: uploadErrors,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(imageForm('photo', { resize: true }))
  shop(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Promise<UploadedImage> {
    return this.uploads.image(caller, request, { field: 'photo', kind: 'shop' });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: "Delete one of the caller's images; its addresses then answer 404" })
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.services.request(Subjects.media.deleteImage, { caller, id });
    return null;
  }
}
