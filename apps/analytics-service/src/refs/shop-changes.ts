import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Events } from '@kartlink/contracts';
import { LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';

/** Shops whose changes are counted apart; past this, every count starts again (all change). */
const MAX_SHOPS = 100_000;

/** Where this replica's hearing of changes stood at a moment (ShopChanges.mark). */
export interface ChangesMark {
  generation: number;
  counter: number;
}

/**
 * Which version of a shop's products (their titles and short codes, which products exist) this
 * replica has heard of: shop-service announces every change of a shop or its products
 * (Events.shopChanged, before it answers the write), and each changes the shop's version here.
 * What is built from the products as they were (the reports' titles) is kept under it, and
 * what was read of a shop (its owner's shop) is trusted while no change of it is heard since.
 *
 * A version is this replica's own (its boot id first): another replica, which may have heard of
 * changes in another order or not at all, never names the same. While the connection is down
 * events may be missed: every version changes when it drops and when it is back. The events
 * come on the connection the reports are asked on, so a change announced before a read was
 * asked is heard before the read.
 */
@Injectable()
export class ShopChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly boot = randomUUID();
  /** Raised whenever changes may have been missed: every shop's version changes. */
  private generation = 0;
  /** Each shop's last change heard of (by URL), as a number no other change had. */
  private readonly changes = new Map<string, number>();
  private counter = 0;
  private subscription?: Subscription;

  constructor(
    private readonly services: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The version of this shop's products as this replica knows it. */
  version(shopUrl: string): string {
    return `${this.boot}.${this.generation}.${this.changes.get(shopUrl) ?? 0}`;
  }

  /** Where the changes heard stand now: read before a shop is asked, see unchangedSince. */
  mark(): ChangesMark {
    return { generation: this.generation, counter: this.counter };
  }

  /** Whether no change of this shop was heard since `mark`, nor may have been missed. */
  unchangedSince(shopUrl: string, mark: ChangesMark): boolean {
    return mark.generation === this.generation && (this.changes.get(shopUrl) ?? 0) <= mark.counter;
  }

  /** A change of this shop was announced. */
  changed(shopUrl: string) {
    if (this.changes.size >= MAX_SHOPS && !this.changes.has(shopUrl)) this.forgetAll();
    this.changes.set(shopUrl, (this.counter += 1));
  }

  /** Changes may have been missed: every shop's version changes. */
  forgetAll() {
    this.generation += 1;
    this.changes.clear();
  }

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    const codec = JSONCodec<{ data?: { shopUrl?: unknown } }>();
    this.subscription = connection.subscribe(`${this.services.prefix}${Events.shopChanged}`, {
      callback: (err, message) => {
        if (err) {
          this.forgetAll();
          return this.logger.warn({ err }, 'shop change events interrupted');
        }
        // Not the event's JSON: skipped (thrown here, it would end the subscription).
        let shopUrl: unknown;
        try {
          shopUrl = codec.decode(message.data).data?.shopUrl;
        } catch (decodeErr) {
          return this.logger.warn(
            { err: decodeErr },
            'skipped a shop change event that is not JSON',
          );
        }
        if (typeof shopUrl === 'string' && shopUrl) this.changed(shopUrl);
      },
    });
    void this.watch(connection);
  }

  /** Events sent while the connection was down are not received: everything changes. */
  private async watch(connection: NatsConnection) {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') this.forgetAll();
    }
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }
}
