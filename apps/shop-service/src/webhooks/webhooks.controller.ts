import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  Subjects,
  type WebhookEndpointBody,
  type WebhookEndpointUpdateBody,
} from '@kartlink/contracts';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(Subjects.shop.webhooksList)
  list(@Payload() { caller }: { caller: Caller }) {
    return this.webhooks.list(caller);
  }

  @MessagePattern(Subjects.shop.webhooksCreate)
  create(@Payload() { caller, body }: { caller: Caller; body: WebhookEndpointBody }) {
    return this.webhooks.create(caller, body);
  }

  @MessagePattern(Subjects.shop.webhooksUpdate)
  update(
    @Payload()
    { caller, id, body }: { caller: Caller; id: string; body: WebhookEndpointUpdateBody },
  ) {
    return this.webhooks.update(caller, id, body);
  }

  @MessagePattern(Subjects.shop.webhooksDelete)
  remove(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.webhooks.remove(caller, id);
  }

  @MessagePattern(Subjects.shop.webhooksDeliveries)
  log(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.webhooks.log(caller, id);
  }

  @MessagePattern(Subjects.shop.webhooksRedeliver)
  redeliver(
    @Payload() { caller, id, deliveryId }: { caller: Caller; id: string; deliveryId: string },
  ) {
    return this.webhooks.redeliver(caller, id, deliveryId);
  }

  @MessagePattern(Subjects.shop.webhooksTest)
  test(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.webhooks.test(caller, id);
  }
}
