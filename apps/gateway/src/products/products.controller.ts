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
import {
  ApiBearerAuth,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { ServiceError } from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  ApiKeyScope,
  type Caller,
  ErrorCode,
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_SECONDS,
  ImportMessages,
  type ImportPreview,
  type ImportStart,
  type ImportStatus,
  importUploadKey,
  PRODUCT_CSV_TEMPLATE,
  type Product,
  type ShopWrite,
  ProductMessages,
  type ProductQuota,
  type StorePage,
  StorePageMessages,
  Subjects,
} from '@kartlink/contracts';
import {
  CreateProductRequest,
  ImportPreviewQuery,
  ImportStartRequest,
  ProductListRequest,
  ShowOnShopRequest,
  StorePageLookupRequest,
  UpdateProductRequest,
} from '@kartlink/contracts/dto';
import { ApiKeyScopeNeeded } from '../auth/api-key-scope.decorator';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { RawBody } from '../http/request.interceptor';
import { PublicReadCache } from '../public/public-read-cache';
import type { GatewayConfig } from '../config';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG, REDIS } from '../tokens';

/** Each preview or start reads a whole file: a budget of its own. */
const IMPORTS = {
  name: 'product-imports',
  limit: 30,
  windowMs: 60_000,
  message: 'Too many imports in a short time. Please wait a moment and try again.',
};

const LINK_CREATION = {
  name: 'create-links',
  limit: 30,
  windowMs: 60_000,
  message: ProductMessages.tooFast,
};

/** A CSV file as an attachment (no-store, as every authenticated answer). */
function csvFile(reply: FastifyReply, filename: string, csv: string): RawBody<string> {
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`);
  return new RawBody(csv);
}

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
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Post()
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
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
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
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

  @Get('import/template')
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The CSV template of a product import, with one example row',
    description:
      'Columns: title, description, price, brand, image_url, short_code, store_url_1 … store_url_7, show_on_shop. An export has the same columns.',
  })
  template(@Res({ passthrough: true }) reply: FastifyReply): RawBody<string> {
    return csvFile(reply, 'kartlink-products-template.csv', PRODUCT_CSV_TEMPLATE);
  }

  @Post('import/preview')
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
  @HttpCode(200)
  @RateLimit(IMPORTS)
  @ApiConsumes('text/csv', 'text/plain')
  @ApiOperation({
    summary: 'Check a product file before importing it: each row with its errors, nothing saved',
    description:
      'The body is the file itself: a CSV (text/csv, `source=csv`, the default) or a list of ' +
      'store addresses (text/plain, `source=list`: one product a line, its addresses separated ' +
      'by spaces or commas; the rest is read from the first store’s page when imported). At most ' +
      '2 MB and 5,000 rows (413). The answer’s `uploadId` names the file for POST /api/urls/import ' +
      'for an hour; its summary says how many new products fit in the plan.',
  })
  @ApiOkResponse({ description: '{ success: true, data: ImportPreview }' })
  async preview(
    @CurrentCaller() caller: Caller,
    @Query() query: ImportPreviewQuery,
    @Body() text: unknown,
  ): Promise<ImportPreview> {
    if (typeof text !== 'string')
      throw new ServiceError(
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        'Send the file as it is, with Content-Type text/csv (or text/plain for a list of addresses).',
      );
    if (Buffer.byteLength(text) > IMPORT_MAX_BYTES)
      throw new ServiceError(ErrorCode.PAYLOAD_TOO_LARGE, ImportMessages.tooLarge);
    const uploadId = randomUUID();
    await this.redis.set(
      importUploadKey(caller.userId, uploadId),
      JSON.stringify({ source: query.source ?? 'csv', text }),
      'EX',
      IMPORT_UPLOAD_SECONDS,
    );
    return this.services.request<ImportPreview>(Subjects.shop.importPreview, { caller, uploadId });
  }

  @Post('import')
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
  @HttpCode(200)
  @RateLimit(IMPORTS)
  @ApiOperation({
    summary: 'Import a previewed file, or run it dry',
    description:
      'With `dryRun: true` only the summary (what would be added, updated, refused) is answered. ' +
      'Otherwise the rows without errors are imported by a job whose progress GET ' +
      '/api/urls/import/{jobId} answers; a row whose short code the shop has is updated.',
  })
  @ApiOkResponse({ description: '{ success: true, data: ImportStart }' })
  startImport(
    @CurrentCaller() caller: Caller,
    @Body() body: ImportStartRequest,
  ): Promise<ImportStart> {
    return this.services.request<ImportStart>(Subjects.shop.importStart, {
      caller,
      uploadId: body.uploadId,
      dryRun: body.dryRun === true,
    });
  }

  @Get('import/:jobId')
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
  @ApiOperation({
    summary: 'An import’s progress (rows done of all), and its result once completed',
    description: 'Another owner’s import answers 404.',
  })
  @ApiOkResponse({ description: '{ success: true, data: ImportStatus }' })
  importStatus(
    @CurrentCaller() caller: Caller,
    @Param('jobId') jobId: string,
  ): Promise<ImportStatus> {
    return this.services.request<ImportStatus>(Subjects.shop.importStatus, { caller, jobId });
  }

  @Get('export.csv')
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The owner’s products as CSV, with the import’s columns (it imports back unchanged)',
    description:
      "Sent as an attachment named kartlink-{shopUrl}-products.csv. A cell starting with = + - or @ is written with a ' first, so that no spreadsheet runs it; an import takes it off again.",
  })
  async exportCsv(
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<string>> {
    const { filename, csv } = await this.services.request<{ filename: string; csv: string }>(
      Subjects.shop.exportCsv,
      { caller },
    );
    return csvFile(reply, filename, csv);
  }

  @Post(':id/refresh-price')
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
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
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
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
    const page = await this.services.requestTextDirect(Subjects.shop.listProducts, {
      caller,
      query,
    });
    void reply.type('application/json; charset=utf-8');
    return new RawBody(`{"success":true,"data":${page}}`);
  }

  @Get('quota')
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
  @ApiOperation({
    summary: 'How many products the shop lists and how many the plan allows',
    description: '`limit` is null on Premium, which has no limit.',
  })
  quota(@CurrentCaller() caller: Caller): Promise<ProductQuota> {
    return this.services.request<ProductQuota>(Subjects.shop.productQuota, { caller });
  }

  @Get(':id')
  @ApiKeyScopeNeeded(ApiKeyScope.readProducts)
  @ApiOperation({ summary: 'One of the owner’s products' })
  get(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<Product> {
    return this.services.request<Product>(Subjects.shop.getProduct, { caller, id });
  }

  @Patch(':id')
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
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
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
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
  @ApiKeyScopeNeeded(ApiKeyScope.writeProducts)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a product and its short link' })
  async remove(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    await this.cache.afterWrite(() =>
      this.services.request<ShopWrite<null>>(Subjects.shop.deleteProduct, { caller, id }),
    );
    return null;
  }
}
