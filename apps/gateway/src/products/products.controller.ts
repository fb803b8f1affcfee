import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Caller,
  normalizeShopUrl,
  type Product,
  ProductMessages,
  type ProductPage,
  type PublicProduct,
  Subjects,
} from '@kartlink/contracts';
import {
  CreateProductRequest,
  ProductListRequest,
  ShowOnShopRequest,
  UpdateProductRequest,
} from '@kartlink/contracts/dto';
import type { FastifyReply } from 'fastify';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { asJson } from '../public/as-json';
import { PublicReadCache } from '../public/public-read-cache';
import { RateLimit, SkipRateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';

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
  ) {}

  @Post()
  @RateLimit(LINK_CREATION)
  @ApiOperation({
    summary: 'Create a product link: 2 to 7 store addresses, optional own short code',
    description: 'Over the free plan limit the answer is 403 PRODUCT_LIMIT_EXCEEDED.',
  })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateProductRequest): Promise<Product> {
    return this.cache.afterWrite(caller, () =>
      this.services.request<Product>(Subjects.shop.createProduct, { caller, body }),
    );
  }

  @Get()
  @ApiOperation({
    summary: "The owner's products, newest first, paged (page, limit ≤ 100) and searchable",
  })
  list(@CurrentCaller() caller: Caller, @Query() query: ProductListRequest): Promise<ProductPage> {
    return this.services.request<ProductPage>(Subjects.shop.listProducts, { caller, query });
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
    return this.cache.afterWrite(caller, () =>
      this.services.request<Product>(Subjects.shop.updateProduct, { caller, id, body }),
    );
  }

  @Patch(':id/show-on-shop')
  @ApiOperation({ summary: 'Show or hide the product on the public shop page' })
  showOnShop(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: ShowOnShopRequest,
  ): Promise<Product> {
    return this.cache.afterWrite(caller, () =>
      this.services.request<Product>(Subjects.shop.updateProduct, { caller, id, body }),
    );
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a product and its short link' })
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.cache.afterWrite(caller, () =>
      this.services.request(Subjects.shop.deleteProduct, { caller, id }),
    );
    return null;
  }
}

/**
 * What visitors read: a public shop's products, and one product with its stores. The hot
 * path: no per-request Redis rate counting here (abuse is for the ingress in front).
 */
@ApiTags('public')
@SkipRateLimit()
@Controller()
export class PublicProductsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: PublicReadCache,
  ) {}

  @Get('shop/:shopUrl/urls')
  @ApiOperation({ summary: 'The products shown on a public shop, newest first' })
  async shopProducts(
    @Param('shopUrl') shopUrl: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const url = normalizeShopUrl(shopUrl);
    const body = await this.cache.read(url, 'products', () =>
      this.services.request<PublicProduct[]>(Subjects.shop.publicProducts, { shopUrl: url }),
    );
    return asJson(reply, body);
  }

  @Get('url/shop/:shopUrl/:shortCode')
  @ApiOperation({ summary: 'One product of a public shop with its store options' })
  async product(
    @Param('shopUrl') shopUrl: string,
    @Param('shortCode') shortCode: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const url = normalizeShopUrl(shopUrl);
    const code = shortCode.trim().toLowerCase();
    const body = await this.cache.read(url, `product:${code}`, () =>
      this.services.request<PublicProduct>(Subjects.shop.publicProduct, {
        shopUrl: url,
        shortCode: code,
      }),
    );
    return asJson(reply, body);
  }
}
