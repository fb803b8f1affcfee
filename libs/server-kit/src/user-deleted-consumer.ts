import {
  Inject,
  Injectable,
  type InjectionToken,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Type,
} from '@nestjs/common';
import type { UserDeleted } from '@kartlink/contracts';
import type { NatsConnection } from 'nats';
import { consumeUserDeleted } from './accounts-stream';
import type { DurableConsumer } from './durable-consumer';
import type { Logger } from './logger';
import { NatsRequester } from './nats-requester';
import { CONFIG, LOGGER } from './service-module';

/** What a service does with a deleted account: deletes what it holds of it, idempotently. */
export interface UserDeletedApplier {
  applyUserDeleted(event: UserDeleted): Promise<unknown>;
}

/**
 * A service's durable consumer of Events.userDeleted (consumeUserDeleted), as a Nest provider:
 * started with the app, stopped before its connection closes. `applier` is the provider that
 * deletes; `connection` the token of the NatsConnection to consume on (NatsRequester's own
 * connection unless given).
 */
export function userDeletedConsumer(options: {
  durable: string;
  applier: Type<UserDeletedApplier>;
  read: (payload: unknown) => UserDeleted | undefined;
  connection?: InjectionToken;
}): Type<OnApplicationBootstrap & OnModuleDestroy> {
  @Injectable()
  class UserDeletedConsumer implements OnApplicationBootstrap, OnModuleDestroy {
    private consumer?: DurableConsumer;

    constructor(
      @Inject(options.applier) private readonly applier: UserDeletedApplier,
      @Inject(options.connection ?? NatsRequester)
      private readonly source: NatsRequester | NatsConnection,
      @Inject(CONFIG)
      private readonly config: { NATS_SUBJECT_PREFIX: string; JETSTREAM_REPLICAS: number },
      @Inject(LOGGER) private readonly logger: Logger,
    ) {}

    async onApplicationBootstrap() {
      this.consumer = await consumeUserDeleted({
        connection:
          this.source instanceof NatsRequester ? await this.source.connection() : this.source,
        subjectPrefix: this.config.NATS_SUBJECT_PREFIX,
        replicas: this.config.JETSTREAM_REPLICAS,
        durable: options.durable,
        logger: this.logger,
        read: options.read,
        apply: (event) => this.applier.applyUserDeleted(event),
      });
    }

    async onModuleDestroy() {
      await this.consumer?.stop();
    }
  }
  return UserDeletedConsumer;
}
