import {
  applyDecorators,
  Controller,
  Get,
  Param,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ApiKeyScope, type Caller, Subjects } from '@kartlink/contracts';
import { AnalyticsRangeRequest } from '@kartlink/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyScopeNeeded } from '../auth/api-key-scope.decorator';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { CompressibleBody, negotiated } from '../http/compression';
import { RawBody } from '../http/request.interceptor';
import { ServiceClient } from '../services/service-client';
import { type KeptReport, KeptReports } from './kept-reports';

/** The success envelope around an answer's JSON, as bytes (compressed once per encoding). */
const enveloped = (json: string) =>
  new CompressibleBody(Buffer.from(`{"success":true,"data":${json}}`));

/** A CSV export as kept: its file's name and its bytes. */
interface CsvFile {
  filename: string;
  csv: CompressibleBody;
}
const csvFile = (json: string): CsvFile => {
  const { filename, csv } = JSON.parse(json) as { filename: string; csv: string };
  return { filename, csv: new CompressibleBody(Buffer.from(csv)) };
};

const RANGE_DOC =
  'from and to are YYYY-MM-DD calendar days in the reporting time zone (ANALYTICS_TIMEZONE, ' +
  'Asia/Kolkata by default), both included, at most 366 days apart; by default the last 30 ' +
  'days up to today. Bots, link previews, prefetches and the owner’s own visits are counted ' +
  'apart in `excluded`, never in the figures. A click is a visitor’s tap on a store; taps on the ' +
  'same store of the same product by the same visitor within 30 minutes of a counted click are ' +
  'one click (every tap is in `taps`). Sources are instagram, whatsapp, facebook, youtube, x, ' +
  'telegram, direct and other (the in-app browser, else the referrer; a click through the ' +
  'tracked redirect takes the source of the visit it followed); opens-in keys are app (the ' +
  'store’s app), web (its website) and unknown. Click-through rate is clicks / views (of the ' +
  'shop’s pages, or of the product’s page), 4 decimals; the overview’s productClickThroughRate ' +
  'is the shop’s clicks / views of its product pages alone. 404 with requiresSetup: true while the ' +
  'caller has no shop.';
/** The range query and the refusals every read shares, in the API document. */
const RangeRead = (summary: string, description = RANGE_DOC) =>
  applyDecorators(
    ApiOperation({ summary, description }),
    ApiQuery({ name: 'from', required: false, example: '2025-01-01' }),
    ApiQuery({ name: 'to', required: false, example: '2025-01-30' }),
    ApiResponse({
      status: 400,
      description: 'A date is malformed, from is after to, or the range is too long',
    }),
    ApiResponse({ status: 401, description: 'No valid access token or API key' }),
    ApiResponse({
      status: 404,
      description: 'No shop yet (requiresSetup: true), or not one of your products',
    }),
  );

/** What the owner reads of their shop's visits and clicks; analytics-service answers. */
@ApiTags('analytics')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@ApiKeyScopeNeeded(ApiKeyScope.readAnalytics)
@Controller('analytics')
export class AnalyticsController {
  /**
   * Each report as last sent to each owner (KeptReports): a few of the megabyte ones (a
   * 10,000-product shop's product figures and products CSV), more of the few-kilobyte ones.
   */
  private readonly keptOverviews = new KeptReports<CompressibleBody>(256);
  private readonly keptProducts = new KeptReports<CompressibleBody>(16);
  private readonly keptProduct = new KeptReports<CompressibleBody>(256);
  private readonly keptCsv = new KeptReports<CsvFile>(64);
  private readonly keptProductsCsv = new KeptReports<CsvFile>(16);

  constructor(private readonly services: ServiceClient) {}

  /**
   * A report as analytics-service names it (KeptReports), asked with the name of the one kept
   * for this reader and query. `large`: an answer of megabytes, asked as a stream of pieces
   * when none is kept; else over the shared reply subscription (an answer that turns out to
   * come in pieces is asked again as a stream: for a large one, only once it changed).
   */
  private async named<T>(
    kept: KeptReports<T>,
    at: string,
    subject: string,
    payload: object,
    make: (json: string) => T,
    large = false,
  ): Promise<T> {
    const known: KeptReport<T> | undefined = kept.kept(at);
    const request = { ...payload, known: known?.name ?? '' };
    const answer =
      large && !known
        ? await this.services.requestText(subject, request)
        : await this.services.requestTextDirect(subject, request);
    return kept.body(at, known, answer, make);
  }

  @Get('overview')
  @RangeRead(
    'The shop’s views, unique visitors, clicks, taps and click-through rate for a range, the previous range of equal length, a daily series, breakdowns by store, device, browser, region, referrer, source and app or website, and the top 10 products with their page views and click-through rate',
  )
  async overview(
    @CurrentCaller() caller: Caller,
    @Query() query: AnalyticsRangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<Buffer>> {
    const at = `${caller.userId}|${query.from ?? ''}|${query.to ?? ''}`;
    const body = await this.named(
      this.keptOverviews,
      at,
      Subjects.analytics.overview,
      { caller, query },
      enveloped,
    );
    return this.json(request, reply, body);
  }

  @Get('products')
  @RangeRead(
    'Each of the owner’s products with page views or clicks in the range: views, clicks, taps, click-through rate, and clicks that opened the store’s app or its website',
  )
  @ApiOkResponse({ description: '{ success: true, data: ProductClicks[] }' })
  async products(
    @CurrentCaller() caller: Caller,
    @Query() query: AnalyticsRangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<Buffer>> {
    // A 10,000-product shop's figures are megabytes: kept as bytes while they do not change.
    const at = `${caller.userId}|${query.from ?? ''}|${query.to ?? ''}`;
    const body = await this.named(
      this.keptProducts,
      at,
      Subjects.analytics.products,
      { caller, query },
      enveloped,
      true,
    );
    return this.json(request, reply, body);
  }

  @Get('products/:id')
  @RangeRead(
    'One product’s page views, clicks, taps and click-through rate in the range: by day, store, device, region, browser, referrer, source and app or website',
    `${RANGE_DOC} Another owner's product answers 404.`,
  )
  @ApiParam({ name: 'id', description: 'the product id' })
  async product(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: AnalyticsRangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<Buffer>> {
    const at = `${caller.userId}|${id}|${query.from ?? ''}|${query.to ?? ''}`;
    const body = await this.named(
      this.keptProduct,
      at,
      Subjects.analytics.product,
      { caller, id, query },
      enveloped,
    );
    return this.json(request, reply, body);
  }

  @Get('export.csv')
  @ApiProduces('text/csv')
  @RangeRead(
    'The daily figures of the range as CSV, one row a day, oldest first: date, views, unique_visitors, clicks, click_through_rate (4 decimals), taps, app_opens, web_opens, clicks_from_{instagram, whatsapp, facebook, youtube, x, telegram, direct, other}, then clicks_on_{store} for each store clicked in the range',
    `${RANGE_DOC} Sent as an attachment named kartlink-{shopUrl}-{from}-to-{to}.csv.`,
  )
  async exportCsv(
    @CurrentCaller() caller: Caller,
    @Query() query: AnalyticsRangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<Buffer>> {
    return this.csv(this.keptCsv, Subjects.analytics.exportCsv, caller, query, request, reply);
  }

  @Get('products.csv')
  @ApiProduces('text/csv')
  @RangeRead(
    'Each product with page views or clicks in the range as CSV, most clicked first: product, short_code, views, clicks, click_through_rate (4 decimals), taps, app_opens, web_opens, clicks_from_{instagram, whatsapp, facebook, youtube, x, telegram, direct, other}, then clicks_on_{store} for each store clicked in the range',
    `${RANGE_DOC} Sent as an attachment named kartlink-{shopUrl}-products-{from}-to-{to}.csv. A product title starting with = + - or @ is written with a ' first, so that no spreadsheet runs it.`,
  )
  async exportProductsCsv(
    @CurrentCaller() caller: Caller,
    @Query() query: AnalyticsRangeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RawBody<Buffer>> {
    return this.csv(
      this.keptProductsCsv,
      Subjects.analytics.exportProductsCsv,
      caller,
      query,
      request,
      reply,
      true,
    );
  }

  /** A CSV export of analytics-service, sent as a file (no-store, as every authenticated answer: security-headers.ts). */
  private async csv(
    kept: KeptReports<CsvFile>,
    subject: string,
    caller: Caller,
    query: AnalyticsRangeRequest,
    request: FastifyRequest,
    reply: FastifyReply,
    large = false,
  ): Promise<RawBody<Buffer>> {
    const at = `${caller.userId}|${query.from ?? ''}|${query.to ?? ''}`;
    const { filename, csv } = await this.named(
      kept,
      at,
      subject,
      { caller, query },
      csvFile,
      large,
    );
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`);
    return new RawBody(await negotiated(request, reply, csv));
  }

  /** A JSON report, compressed as the client asks with the copy kept beside its bytes. */
  private async json(
    request: FastifyRequest,
    reply: FastifyReply,
    body: CompressibleBody,
  ): Promise<RawBody<Buffer>> {
    void reply.type('application/json; charset=utf-8');
    return new RawBody(await negotiated(request, reply, body));
  }
}
