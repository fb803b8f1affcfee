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
import type { AuthConfig } from '../config';
import { AccountsService } from './accounts.service';

/**
 * Applies a deletion to this service's own rows from the ACCOUNTS stream: the deleting request
 * did it already, and this finds nothing, unless that request stopped after the announcement.
 */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly accounts: AccountsService,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await consumeUserDeleted({
      connection: await this.services.connection(),
      subjectPrefix: this.config.NATS_SUBJECT_PREFIX,
      replicas: this.config.JETSTREAM_REPLICAS,
      durable: 'auth-user-deleted',
      logger: this.logger,
      read: (payload) => readPayload(UserDeletedPayload, payload),
      apply: (event) => this.accounts.applyUserDeleted(event),
    });
  }

  async onModuleDestroy() {
    await this.consumer?.stop();
  }
}
