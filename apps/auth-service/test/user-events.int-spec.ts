import { type CustomTokenAnswer, Events, Subjects, type UserEvent } from '@kartlink/contracts';
import { fetchMail, startServiceForTest } from '@kartlink/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';
import { usersStreamName } from '../src/events/user-events.publisher';

let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;
let nats: NatsConnection;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'auth',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
  });
  nats = await connect({ servers: service.config.NATS_URL });
});
afterAll(async () => {
  await nats?.close();
  await service?.close();
});

describe('what other services learn about users', () => {
  it('publishes a registered event on the USERS stream and answers the plan', async () => {
    const email = `events.${Date.now()}@example.com`;
    const password = 'Kartlink2024';
    await service.request(Subjects.auth.registerSendCode, {
      email,
      fullName: 'Event Person',
      password,
    });
    const otp = /\b(\d{6})\b/.exec((await fetchMail(email)).text ?? '')![1];
    const { customToken } = await service.request<CustomTokenAnswer>(Subjects.auth.registerVerify, {
      email,
      otp,
      password,
    });
    expect(customToken).toBeTruthy();

    const prefix = service.config.NATS_SUBJECT_PREFIX;
    const jsm = await nats.jetstreamManager();
    const stored = await jsm.streams.getMessage(usersStreamName(prefix), {
      last_by_subj: `${prefix}${Events.userRegistered}`,
    });
    const event = JSONCodec<UserEvent>().decode(stored.data);
    expect(event).toMatchObject({
      user: { email, displayName: 'Event Person', plan: 'free', role: 'user' },
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);

    const plan = await service.request<{ plan: string }>(Subjects.auth.userPlan, {
      userId: event.user.id,
    });
    expect(plan).toEqual({ plan: 'free' });
  });
});
