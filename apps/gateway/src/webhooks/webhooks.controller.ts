import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Caller,
  Subjects,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@kartlink/contracts';
import { CreateWebhookRequest, UpdateWebhookRequest } from '@kartlink/contracts/dto';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';

/** Test events and redeliveries each make a request to the owner's server: a budget of their own. */
const SENDS = {
  name: 'webhook-sends',
  limit: 30,
  windowMs: 60_000,
  message: 'Too many test events or redeliveries. Please wait a moment and try again.',
};

/**
 * The owner's webhook endpoints (issue 20). Deliveries are POSTs of JSON `{ id, type,
 * createdAt, data }` signed in the Kartlink-Signature header; shop-service checks ownership on
 * every route: another owner's ids answer 404.
 */
@ApiTags('webhooks')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The endpoints of the owner, oldest first (never their secrets)' })
  list(@CurrentCaller() caller: Caller): Promise<WebhookEndpoint[]> {
    return this.services.request(Subjects.shop.webhooksList, { caller });
  }

  @Post()
  @ApiOperation({
    summary: 'Add an endpoint: its https URL and the events it receives',
    description:
      'Events: click.recorded (batched: at most one delivery a second with the clicks since the ' +
      'last), product.created, product.updated, product.deleted, shop.updated. The answer carries ' +
      'the signing secret (`whsec_…`) this once. Each delivery carries the header ' +
      `${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the ` +
      `secret>; refuse one whose t is more than ${WEBHOOK_TOLERANCE_SECONDS} s away. Failed ` +
      'deliveries are retried with exponential backoff for about a day; an endpoint failing ' +
      'that long is disabled and its owner e-mailed. At most 10 endpoints (409).',
  })
  create(
    @CurrentCaller() caller: Caller,
    @Body() body: CreateWebhookRequest,
  ): Promise<WebhookEndpointCreated> {
    return this.services.request(Subjects.shop.webhooksCreate, { caller, body });
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change the events or description of an endpoint; `enabled: true` re-enables it',
  })
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateWebhookRequest,
  ): Promise<WebhookEndpoint> {
    return this.services.request(Subjects.shop.webhooksUpdate, { caller, id, body });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an endpoint and its delivery log' })
  remove(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<null> {
    return this.services.request(Subjects.shop.webhooksDelete, { caller, id });
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary: 'The delivery log of an endpoint, newest first (the last 50)',
    description:
      'Each: event, status (waiting, pending, succeeded, failed), attempts, response status, ' +
      'latency, error, next retry.',
  })
  @ApiOkResponse({ description: '{ success: true, data: WebhookDelivery[] }' })
  deliveries(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<WebhookDelivery[]> {
    return this.services.request(Subjects.shop.webhooksDeliveries, { caller, id });
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @HttpCode(200)
  @RateLimit(SENDS)
  @ApiOperation({ summary: 'Send a delivery’s event again (same event id and body), at once' })
  redeliver(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.services.request(Subjects.shop.webhooksRedeliver, { caller, id, deliveryId });
  }

  @Post(':id/test')
  @HttpCode(200)
  @RateLimit(SENDS)
  @ApiOperation({ summary: 'Send a webhook.test event to the endpoint' })
  test(@CurrentCaller() caller: Caller, @Param('id') id: string): Promise<WebhookDelivery> {
    return this.services.request(Subjects.shop.webhooksTest, { caller, id });
  }
}
