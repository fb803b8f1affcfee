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
} from '@kartlink/server-kit';
import type { NatsConnection } from 'nats';
import { MEDIA_NATS } from '../blobs/blob-store.provider';
import type { MediaConfig } from '../config';
import { MediaAccountsService } from './media-accounts.service';

/** Deletes a deleted account's images (rows and blobs) and banners, from the ACCOUNTS stream. */
@Injectable()
export class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer?: DurableConsumer;

  constructor(
    private readonly accounts: MediaAccountsService,
    @Inject(MEDIA_NATS) private readonly connection: NatsConnection,
    @Inject(CONFIG) private readonly config: MediaConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await consumeUserDeleted({
      connection: this.connection,
      subjectPrefix: this.config.NATS_SUBJECT_PREFIX,
      replicas: this.config.JETSTREAM_REPLICAS,
      durable: 'media-user-deleted',
      logger: this.logger,
      read: (payload) => readPayload(UserDeletedPayload, payload),
      apply: (event) => this.accounts.applyUserDeleted(event),
    });
  }

  async onModuleDestroy() {
    await this.consumer?.stop();
  }
}
