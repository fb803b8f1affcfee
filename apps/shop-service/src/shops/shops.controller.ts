import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Caller, type ShopSettingsBody, Subjects } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { BannersChangedPayload, readPayload } from '@kartlink/contracts/dto';
import { BannersConsumer } from './banners.consumer';
import { ShopsService } from './shops.service';

@Controller()
export class ShopsController {
  constructor(
    private readonly shops: ShopsService,
    private readonly banners: BannersConsumer,
  ) {}

  @MessagePattern(Subjects.shop.status)
  status(@Payload() { caller }: { caller: Caller }) {
    return this.shops.status(caller.userId);
  }

  @MessagePattern(Subjects.shop.profile)
  profile(@Payload() { caller }: { caller: Caller }) {
    return this.shops.profile(caller.userId);
  }

  @MessagePattern(Subjects.shop.updateSettings)
  updateSettings(@Payload() { caller, body }: { caller: Caller; body: ShopSettingsBody }) {
    return this.shops.updateSettings(caller.userId, body);
  }

  @MessagePattern(Subjects.shop.urlAvailable)
  urlAvailable(@Payload() { shopUrl, caller }: { shopUrl: string; caller?: Caller }) {
    return this.shops.availability(shopUrl, caller?.userId);
  }

  @MessagePattern(Subjects.shop.publicShop)
  publicShop(@Payload() { shopUrl }: { shopUrl: string }) {
    return this.shops.publicShop(shopUrl);
  }

  @MessagePattern(Subjects.shop.sitemapShops)
  sitemapShops() {
    return this.shops.sitemapShops();
  }

  @MessagePattern(Subjects.shop.applyBanners)
  async applyBanners(@Payload() event: unknown) {
    const change = readPayload(BannersChangedPayload, event);
    if (!change) throw ServiceError.validation([{ path: 'banners', msg: 'Not a banner change.' }]);
    await this.banners.applyChange(change);
    return {};
  }
}
