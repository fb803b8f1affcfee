import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientNats, MessagePattern, Payload } from '@nestjs/microservices';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstValueFrom, timeout } from 'rxjs';
import { ensureDurableConsumer } from '../src/durable-consumer';
import { pullUntilStopped } from '../src/jetstream-pull';
import { createLogger } from '../src/logger';
import { natsConnectionOptions, PrefixedNatsServer } from '../src/nats-transport';

// The run's NATS, set by the integration setup (@kartlink/testing depends on this library).
const env = {
  NATS_URL: process.env.NATS_URL!,
  NATS_SUBJECT_PREFIX: process.env.NATS_SUBJECT_PREFIX!,
};
const prefix = env.NATS_SUBJECT_PREFIX;

async function waitFor(condition: () => boolean, { description }: { description: string }) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${description}`);
    await sleep(10);
  }
}

/** Holds the event loop, as a busy service does: messages wait unread in the socket. */
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const logger = createLogger('graceful-test', 'silent');

@Controller()
class SlowEcho {
  @MessagePattern('graceful.echo')
  async echo(@Payload() { n }: { n: number }) {
    await sleep(300);
    return n;
  }
}
@Module({ controllers: [SlowEcho] })
class SlowEchoModule {}

describe('PrefixedNatsServer closing', () => {
  let app: INestMicroservice;
  let server: PrefixedNatsServer;
  let client: ClientNats;

  beforeAll(async () => {
    server = new PrefixedNatsServer(
      { ...natsConnectionOptions(env.NATS_URL, 'graceful-echo'), queue: 'graceful-echo' },
      prefix,
    );
    app = await NestFactory.createMicroservice(SlowEchoModule, { strategy: server, logger: false });
    await app.listen();
    client = new ClientNats(natsConnectionOptions(env.NATS_URL, 'graceful-client'));
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  const ask = (n: number) =>
    firstValueFrom(client.send<number>(`${prefix}graceful.echo`, { n }).pipe(timeout(5000)));

  it('answers the requests it holds before closing, then takes no new one', async () => {
    const answered: number[] = [];
    const asked = [1, 2, 3].map((n) => ask(n).then((answer) => answered.push(answer)));
    await waitFor(() => server.requestsInFlight === 3, { description: 'three requests in hand' });

    await app.close();
    // Every reply arrives although the service's connection is closed: closing waited for the
    // handlers and sent their replies first.
    await Promise.all(asked);
    expect(answered.sort()).toEqual([1, 2, 3]);
    await expect(ask(4)).rejects.toThrow(/no responders|empty response|timeout/i);
  });
});

describe('pullUntilStopped', () => {
  const stream = `${prefix.replace(/\W/g, '_')}GRACEFUL`;
  const durable = 'graceful-pull';
  const total = 600;
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connect({ servers: env.NATS_URL });
    const manager = await nc.jetstreamManager();
    await manager.streams.add({ name: stream, subjects: [`${prefix}graceful.events`] });
    await ensureDurableConsumer(manager, stream, {
      durable,
      filterSubject: `${prefix}graceful.events`,
      maxAckPending: 1000,
      ackWaitMs: 30_000,
    });
    const jetstream = nc.jetstream();
    for (let i = 0; i < total; i += 1) await jetstream.publish(`${prefix}graceful.events`);
    const info = await manager.consumers.info(stream, durable);
    expect(info.config.ack_policy).toBe(AckPolicy.Explicit);
  });

  afterAll(async () => {
    await nc.close();
  });

  // A consume() iterator closed the same way leaves the messages still unread in the socket
  // delivered but unacknowledged (100 of them here), to come back only after the ack wait.
  it('stops asking, and handles every message already delivered: none waits for redelivery', async () => {
    const consumer = await nc.jetstream().consumers.get(stream, durable);
    let handled = 0;
    const loop = pullUntilStopped(consumer, {
      name: durable,
      batch: 100,
      logger,
      onMessage: (message) => {
        busy(1);
        handled += 1;
        message.ack();
      },
    });
    await waitFor(() => handled >= 50, { description: 'messages being handled' });
    await loop.stop();
    await nc.flush();

    const info = await (await nc.jetstreamManager()).consumers.info(stream, durable);
    expect({
      ackPending: info.num_ack_pending,
      redelivered: info.num_redelivered,
      delivered: info.delivered.consumer_seq,
      handledOrWaiting: handled + info.num_pending,
    }).toEqual({ ackPending: 0, redelivered: 0, delivered: handled, handledOrWaiting: total });
    expect(handled).toBeLessThan(total);
  });
});
