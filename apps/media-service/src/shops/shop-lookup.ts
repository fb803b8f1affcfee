import { Injectable } from '@nestjs/common';
import { ErrorCode, ShopMessages, type ShopStatus, Subjects } from '@kartlink/contracts';
import { NatsRequester, ServiceError } from '@kartlink/server-kit';

/** Banners belong to the owner's shop: asked of shop-service, which owns shops. */
@Injectable()
export class ShopLookup {
  constructor(private readonly services: NatsRequester) {}

  /** Refuses an owner who has not started a shop yet, as the shop routes do (requiresSetup). */
  async requireShop(userId: string): Promise<void> {
    const status = await this.services.request<ShopStatus>(Subjects.shop.status, {
      caller: { userId },
    });
    if (!status.hasShop || !status.shopUrl)
      throw new ServiceError(ErrorCode.NOT_FOUND, ShopMessages.notFound, { requiresSetup: true });
  }
}
