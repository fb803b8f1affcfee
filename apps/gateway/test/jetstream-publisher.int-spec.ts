import { connect, type JetStreamManager, type NatsConnection, StringCodec } from 'nats';
import { randomUUID } from 'node:crypto';
import { JetStreamPublisher } from '../src/analytics/jetstream-publisher';

// The analytics events' way onto the stream (analytics-recorder.ts): many publications in flight
// on one subscription, each answered by the stream's own acknowledgement, against the real NATS.

const prefix = `${process.env.NATS_SUBJECT_PREFIX!}publisher-test.${randomUUID().slice(0, 8)}.`;
const streamName = `PUBLISHER_TEST_${randomUUID().slice(0, 8)}`;
const codec = StringCodec();
let nats: NatsConnection;
let manager: JetStreamManager;
let publisher: JetStreamPublisher;

beforeAll(async () => {
  nats = await connect({ servers: process.env.NATS_URL! });
  manager = await nats.jetstreamManager();
  await manager.streams.add({ name: streamName, subjects: [`${prefix}stored.>`] });
  publisher = new JetStreamPublisher(nats, 500);
});
afterAll(async () => {
  await manager?.streams.delete(streamName).catch(() => undefined);
  await nats?.close();
});

const storedOn = async (subject: string) =>
  (await manager.streams.info(streamName, { subjects_filter: subject })).state.subjects?.[
    subject
  ] ?? 0;

it('answers each of the publications of a turn with its own acknowledgement, once stored', async () => {
  const subject = `${prefix}stored.many`;
  const acks = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      publisher.publish(subject, codec.encode(`event ${i}`), randomUUID()),
    ),
  );
  expect(acks.every((ack) => ack.stream === streamName && !ack.duplicate)).toBe(true);
  expect(new Set(acks.map((ack) => ack.seq)).size).toBe(300);
  expect(await storedOn(subject)).toBe(300);
  // Each acknowledgement is its own message's.
  const [first] = acks;
  const message = await manager.streams.getMessage(streamName, { seq: first!.seq });
  expect(codec.decode(message.data)).toBe('event 0');
});

it('stores an id once: the second publication of it is acknowledged as a duplicate', async () => {
  const subject = `${prefix}stored.twice`;
  const id = randomUUID();
  const first = await publisher.publish(subject, codec.encode('click'), id);
  const again = await publisher.publish(subject, codec.encode('click'), id);
  expect(first.duplicate).toBe(false);
  expect(again).toMatchObject({ duplicate: true, seq: first.seq });
  expect(await storedOn(subject)).toBe(1);
});

it('refuses at once when no stream takes the subject', async () => {
  const started = Date.now();
  await expect(
    publisher.publish(`${prefix}nowhere.click`, codec.encode('click'), randomUUID()),
  ).rejects.toThrow(/no JetStream stream/);
  expect(Date.now() - started).toBeLessThan(400);
});

it('refuses an error answer and an answer without a stream', async () => {
  const answers = [
    JSON.stringify({ error: { code: 503, description: 'insufficient resources' } }),
    JSON.stringify({ seq: 1 }),
  ];
  const responder = nats.subscribe(`${prefix}refusing.*`, {
    callback: (_err, msg) => msg.respond(codec.encode(answers.shift()!)),
  });
  try {
    await expect(
      publisher.publish(`${prefix}refusing.a`, codec.encode('x'), randomUUID()),
    ).rejects.toThrow(/refused the message: 503 insufficient resources/);
    await expect(
      publisher.publish(`${prefix}refusing.b`, codec.encode('x'), randomUUID()),
    ).rejects.toThrow(/without a stream/);
  } finally {
    responder.unsubscribe();
  }
});

it('times a publication out when nothing acknowledges it, and ignores a late answer', async () => {
  let late: (() => void) | undefined;
  const silent = nats.subscribe(`${prefix}silent.*`, {
    callback: (_err, msg) => {
      late = () => msg.respond(codec.encode(JSON.stringify({ stream: streamName, seq: 1 })));
    },
  });
  try {
    const started = Date.now();
    await expect(
      publisher.publish(`${prefix}silent.a`, codec.encode('x'), randomUUID()),
    ).rejects.toThrow(/did not acknowledge within 500 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(1000);
    late!();
    await nats.flush();
    // Still working after the late answer.
    const ack = await publisher.publish(`${prefix}stored.after`, codec.encode('x'), randomUUID());
    expect(ack.stream).toBe(streamName);
  } finally {
    silent.unsubscribe();
  }
});
