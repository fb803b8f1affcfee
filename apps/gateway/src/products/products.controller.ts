import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  type Caller,
  ErrorCode,
  type Product,
  type ShopWrite,
  ProductMessages,
  type ProductQuota,
  type StorePage,
  StorePageMessages,
  Subjects,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import {
  CreateProductRequest,
  ProductListRequest,
  ShowOnShopRequest,
  StorePageLookupRequest,
  UpdateProductRequest,
} from '@kartlink/contracts/dto';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { RawBody } from '../http/request.interceptor';
import { PublicReadCache } from '../public/public-read-cache';
import type { GatewayConfig } from '../config';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';

const LINK_CREATION = {
  name: 'create-links',
  limit: 30,
  windowMs: 60_000,
  message: ProductMessages.tooFast,
};

/** The owner's products: every route checks ownership in shop-service; other ids answer 404. */
@ApiTags('products')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('urls')
export class ProductsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: PublicReadCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @RateLimit(LINK_CREATION)
  @ApiOperation({
    summary: 'Create a product link: 2 to 7 store addresses, optional own short code',
    description: 'Over the free plan limit the answer is 403 PRODUCT_LIMIT_EXCEEDED.',
  })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateProductRequest): Promise<Product> {
    return this.cache.afterWrite(() =>
      this.services.request<ShopWrite<Product>>(Subjects.shop.createProduct, { caller, body }),
    );
  }

  @Post('store-page')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Read a store's product page to fill the link form: title, description, price, brand, image",
    description:
      'The page is read server-side (http(s) only, no private addresses, 5 redirects, 2 MB, 5 s), ' +
      'kept a day per address; its main image is copied into Kartlink as the caller’s product ' +
      'image. 422 when the page cannot be read or says nothing about a product; 429 with ' +
      'Retry-After past 20 reads a minute per owner.',
  })
  @ApiOkResponse({ description: '{ success: true, data: StorePage }' })
  readStorePage(
    @CurrentCaller() caller: Caller,
    @Body() body: StorePageLookupRequest,
  ): Promise<StorePage> {
    return this.services.request<StorePage>(
      Subjects.media.readStorePage,
      { caller: { userId: caller.userId }, url: body.url },
      // Page and image, each within STORE_PAGE_TIMEOUT_MS, then the image's processing.
      { timeoutMs: this.config.UPLOAD_TIMEOUT_MS },
    );
  }

  @Post(':id/refresh-price')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Read the price again from the product’s first store page and save it with today’s date',
    description:
      'The page is read again even when a read of it is kept (the day cache would answer the price ' +
      'being refreshed), within the owner’s store-page reads per minute (429 past them). 422 when ' +
      'the page shows no price in rupees now: the price is then left as it was.',
  })
  @ApiOkResponse({ description: '{ success: true, data: Product }' })
  async refreshPrice(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Product> {
    const product = await this.services.request<Product>(Subjects.shop.getProduct, { caller, id });
    const store = product.stores.find((s) => s.key !== 'whatsapp');
    if (!store) throw new ServiceError(ErrorCode.UNPROCESSABLE, StorePageMessages.noStorePage);
    const page = await this.services.request<StorePage>(
      Subjects.media.readStorePage,
      { caller: { userId: caller.userId }, url: store.url, refresh: true },
      { timeoutMs: this.config.UPLOAD_TIMEOUT_MS },
    );
    if (page.price === undefined || !page.priceReadAt)
      throw new ServiceError(
        ErrorCode.UNPROCESSABLE,
        [StorePageMessages.noPriceNow, ...page.notes].join(' '),
      );
    const body = { price: page.price, priceReadAt: page.priceReadAt };
    return this.cache.afterWrite(() =>
      this.services.request<ShopWrite<Product>>(Subjects.shop.updateProduct, { caller, id, body }),
    );
  }

  @Get()
  @ApiOperation({
    summary: "The owner's products, newest first, paged (page, limit ≤ 100) and searchable",
  })
  @ApiOkResponse({ description: '{ success: true, data: ProductPage }' })
  async list(
    @CurrentCaller() caller: Caller,
    @Query() query: ProductListRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<string>> {
    // shop-service's JSON passed on as it is: the gateway has nothing to change in it.
    const page = await this.services.requestText(Subjects.shop.listProducts, { caller, query });
    void reply.type('application/json; charset=utf-8');
    return new RawBody(`{"success":true,"data":${page}}`);
  }

  @Get('quota')
  @ApiOperation({
    summary: 'How many products the shop lists and how many the plan allows',
    description: '`limit` is null on Premium, which has no limit.',
  })
  quota(@CurrentCaller() caller: Caller): Promise<ProductQuota> {
    return this.services.request<ProductQuota>(Subjects.shop.productQuota, { caller });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the owner’s products' })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Product> {
    return this.services.request<Product>(Subjects.shop.getProduct, { caller, id });
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change any field of a product' })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateProductRequest,
  ): Promise<Product> {
    return this.cache.afterWrite(() =>
      this.services.request<ShopWrite<Product>>(Subjects.shop.updateProduct, { caller, id, body }),
    );
  }

  @Patch(':id/show-on-shop')
  @ApiOperation({ summary: 'Show or hide the product on the public shop page' })
  showOnShop(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ShowOnShopRequest,
  ): Promise<Product> {
    return this.cache.afterWrite(() =>
      this.services.request<ShopWrite<Product>>(Subjects.shop.updateProduct, { caller, id, body }),
    );
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a product and its short link' })
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.cache.afterWrite(() =>
      this.services.request<ShopWrite<null>>(Subjects.shop.deleteProduct, { caller, id }),
    );
    return null;
  }
}
