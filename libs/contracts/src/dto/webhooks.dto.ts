import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
} from 'class-validator';
import { Optional } from './rule';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEndpointBody,
  type WebhookEndpointUpdateBody,
  type WebhookEventType,
  WebhookMessages,
} from '../webhooks';

/** POST /api/webhooks. The address's scheme and host are checked by shop-service. */
export class CreateWebhookRequest implements WebhookEndpointBody {
  @IsString({ message: WebhookMessages.urlInvalid })
  @MaxLength(WEBHOOK_URL_MAX, { message: WebhookMessages.urlInvalid })
  url!: string;

  @IsArray({ message: WebhookMessages.eventsRequired })
  @ArrayMinSize(1, { message: WebhookMessages.eventsRequired })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: WebhookMessages.eventUnknown })
  @ArrayUnique({ message: WebhookMessages.eventUnknown })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: WebhookMessages.eventUnknown })
  events!: WebhookEventType[];

  @Optional()
  @IsString({ message: WebhookMessages.descriptionTooLong })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX, { message: WebhookMessages.descriptionTooLong })
  description?: string;
}

/** PATCH /api/webhooks/{id}. */
export class UpdateWebhookRequest implements WebhookEndpointUpdateBody {
  @Optional()
  @IsArray({ message: WebhookMessages.eventsRequired })
  @ArrayMinSize(1, { message: WebhookMessages.eventsRequired })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: WebhookMessages.eventUnknown })
  @ArrayUnique({ message: WebhookMessages.eventUnknown })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: WebhookMessages.eventUnknown })
  events?: WebhookEventType[];

  @Optional()
  @IsString({ message: WebhookMessages.descriptionTooLong })
  @MaxLength(WEBHOOK_DESCRIPTION_MAX, { message: WebhookMessages.descriptionTooLong })
  description?: string;

  @Optional() @IsBoolean({ message: 'enabled must be true or false' }) enabled?: boolean;
}
