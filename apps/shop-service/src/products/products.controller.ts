import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  type ProductBody,
  type ProductUpdateBody,
  Subjects,
} from '@kartlink/contracts';
import { TextReply } from '@kartlink/server-kit';
import { ProductsService } from './products.service';

@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @MessagePattern(Subjects.shop.createProduct)
  create(@Payload() { caller, body }: { caller: Caller; body: ProductBody }) {
    return this.products.create(caller, body);
  }

  @MessagePattern(Subjects.shop.productQuota)
  quota(@Payload() { caller }: { caller: Caller }) {
    return this.products.quota(caller);
  }

  @MessagePattern(Subjects.shop.getProduct)
  get(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.products.get(caller, id);
  }

  @MessagePattern(Subjects.shop.updateProduct)
  update(@Payload() { caller, id, body }: { caller: Caller; id: string; body: ProductUpdateBody }) {
    return this.products.update(caller, id, body);
  }

  @MessagePattern(Subjects.shop.deleteProduct)
  remove(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.products.remove(caller, id);
  }

  @MessagePattern(Subjects.shop.publicProducts)
  publicProducts(
    @Payload() { shopUrl, page }: { shopUrl: string; page?: { limit: number; after?: string } },
  ) {
    return this.products.publicProducts(shopUrl, page);
  }

  @MessagePattern(Subjects.shop.publicProductListText)
  async publicProductListText(@Payload() { shopUrl }: { shopUrl: string }) {
    return new TextReply(await this.products.publicProductListText(shopUrl));
  }

  @MessagePattern(Subjects.shop.publicStats)
  publicStats(@Payload() { shopUrl }: { shopUrl: string }) {
    return this.products.publicStats(shopUrl);
  }

  @MessagePattern(Subjects.shop.sitemapShop)
  sitemapShop(@Payload() { shopUrl }: { shopUrl: string }) {
    return this.products.sitemapPages(shopUrl);
  }

  // Subjects.shop.publicProduct and listProducts: ProductsResponder, outside Nest's machinery.

  @MessagePattern(Subjects.shop.storeRoute)
  storeRoute(@Payload() { shopUrl, shortCode }: { shopUrl: string; shortCode: string }) {
    return this.products.storeRoute(shopUrl, shortCode);
  }
}
