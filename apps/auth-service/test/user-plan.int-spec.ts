import { type CustomTokenAnswer, Subjects } from '@kartlink/contracts';
import { fetchMail, pgQuery, startServiceForTest } from '@kartlink/testing';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'auth',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
  });
});
afterAll(async () => {
  await service?.close();
});

describe('what other services ask about users', () => {
  it('answers the plan of a user who just registered', async () => {
    const email = `plan.${Date.now()}@example.com`;
    const password = 'Kartlink2024';
    await service.request(Subjects.auth.registerSendCode, {
      email,
      fullName: 'Plan Person',
      password,
    });
    const otp = /\b(\d{6})\b/.exec((await fetchMail(email)).text ?? '')![1];
    const { customToken } = await service.request<CustomTokenAnswer>(Subjects.auth.registerVerify, {
      email,
      otp,
      password,
    });
    expect(customToken).toBeTruthy();

    const [user] = await pgQuery<{ id: string }>('SELECT id FROM auth.users WHERE email = $1', [
      email,
    ]);
    const plan = await service.request<{ plan: string }>(Subjects.auth.userPlan, {
      userId: user.id,
    });
    expect(plan).toEqual({ plan: 'free' });
  });
});
