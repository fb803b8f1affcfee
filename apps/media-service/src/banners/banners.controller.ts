import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type BannerIngestRequest,
  type BannerReorderBody,
  type BannerToggleBody,
  type BannerUpdateBody,
  type Caller,
  Subjects,
} from '@kartlink/contracts';
import { BannersService } from './banners.service';

@Controller()
export class BannersController {
  constructor(private readonly banners: BannersService) {}

  @MessagePattern(Subjects.media.listBanners)
  list(@Payload() { caller }: { caller: Caller }) {
    return this.banners.list(caller.userId);
  }

  @MessagePattern(Subjects.media.uploadBanners)
  upload(@Payload() request: BannerIngestRequest) {
    return this.banners.upload(request);
  }

  @MessagePattern(Subjects.media.updateBanner)
  update(@Payload() { caller, id, body }: { caller: Caller; id: string; body: BannerUpdateBody }) {
    return this.banners.update(caller.userId, id, body);
  }

  @MessagePattern(Subjects.media.deleteBanner)
  remove(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.banners.remove(caller.userId, id);
  }

  @MessagePattern(Subjects.media.toggleBanners)
  toggle(@Payload() { caller, body }: { caller: Caller; body: BannerToggleBody }) {
    return this.banners.toggle(caller.userId, body.enabled);
  }

  @MessagePattern(Subjects.media.reorderBanners)
  reorder(@Payload() { caller, body }: { caller: Caller; body: BannerReorderBody }) {
    return this.banners.reorder(caller.userId, body.bannerIds);
  }
}
