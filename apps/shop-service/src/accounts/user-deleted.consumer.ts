import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { readPayload, UserDeletedPayload } from '@kartlink/contracts/dto';
import {
  CONFIG,
  consumeUserDeleted,
  type DurableConsumer,
  LOGGER,
  type Logger,
  NatsRequester,
} from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { AccountsService } from './accounts.service';

/**
 * Deletes a deleted account's shop and products from the ACCOUNTS stream: auth-service asks
 * for it at once too, and this applies it (again, harmlessly) or when that request failed.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly accounts: AccountsService,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await consumeUserDeleted({
      connection: await this.services.connection(),
      subjectPrefix: this.config.NATS_SUBJECT_PREFIX,
      replicas: this.config.JETSTREAM_REPLICAS,
      durable: 'shop-user-deleted',
      logger: this.logger,
      read: (payload) => readPayload(UserDeletedPayload, payload),
      apply: (event) => this.accounts.applyUserDeleted(event),
    });
  }

  async onModuleDestroy() {
    await this.consumer?.stop();
  }
}
