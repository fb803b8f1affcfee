import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Events, type UserEvent } from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import { connect, JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import type { AuthConfig } from '../config';
import { toAuthUser } from '../users/user.mapper';
import type { UserEntity } from '../users/user.entity';

const codec = JSONCodec<UserEvent>();

/** The USERS stream's name for a subject prefix: "test.ab12." gives "test_ab12_USERS". */
export function usersStreamName(prefix: string): string {
  return `${prefix.replace(/\W/g, '_')}USERS`;
}

/**
 * Publishes user events on a JetStream stream, so that other services learn about users
 * even when they were down at the time. Each event has an id for de-duplication.
 */
@Injectable()
export class UserEventsPublisher implements OnModuleInit, OnModuleDestroy {
  private connection?: NatsConnection;
  private jetstream?: JetStreamClient;

  constructor(
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit() {
    this.connection = await connect({
      servers: this.config.NATS_URL.split(','),
      name: 'auth-service-events',
    });
    const prefix = this.config.NATS_SUBJECT_PREFIX;
    const manager = await this.connection.jetstreamManager();
    const name = usersStreamName(prefix);
    const subjects = [`${prefix}events.user.>`];
    try {
      await manager.streams.info(name);
    } catch {
      await manager.streams
        .add({ name, subjects, max_age: 7 * 24 * 3600 * 1e9 })
        .catch(async (err: Error) => {
          // Another replica created it first.
          if (!/already in use/i.test(err.message)) throw err;
        });
    }
    this.jetstream = this.connection.jetstream();
  }

  async onModuleDestroy() {
    await this.connection?.drain();
  }

  registered(user: UserEntity) {
    return this.publish(Events.userRegistered, user);
  }

  updated(user: UserEntity) {
    return this.publish(Events.userUpdated, user);
  }

  private async publish(subject: string, user: UserEntity) {
    const { id, email, displayName, phoneNumber, photoURL, plan, role } = toAuthUser(user);
    const event: UserEvent = {
      id: randomUUID(),
      occurredAt: new Date().toISOString(),
      user: { id, email, displayName, phoneNumber, photoURL, plan, role },
    };
    try {
      await this.jetstream!.publish(
        `${this.config.NATS_SUBJECT_PREFIX}${subject}`,
        codec.encode(event),
        {
          msgID: event.id,
        },
      );
    } catch (err) {
      // The change itself is stored; a lost event is logged for operators rather than failing the user.
      this.logger.error({ err, subject, eventId: event.id }, 'user event not published');
    }
  }
}
