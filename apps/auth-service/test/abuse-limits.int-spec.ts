import { type CustomTokenAnswer, Subjects } from '@kartlink/contracts';
import { fetchMail, pgQuery, startServiceForTest } from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

// Findings of the security review (issue 16): guesses and existence checks cost what they should.

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

const password = 'Kartlink2024';
const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** The service's refusal, as the gateway would see it. */
async function refusal(answer: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await answer;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

async function codeFromMail(email: string): Promise<string> {
  const mail = await fetchMail(email);
  return /\b(\d{6})\b/.exec(mail.text ?? '')![1];
}

async function registered(name: string): Promise<string> {
  const email = uniqueEmail(name);
  await service.request(Subjects.auth.registerSendCode, { email, fullName: 'Owner', password });
  const otp = await codeFromMail(email);
  await service.request<CustomTokenAnswer>(Subjects.auth.registerVerify, { email, otp, password });
  return email;
}

const login = (email: string, pass: string, ip: string) =>
  service.request(Subjects.auth.login, { body: { email, password: pass }, client: { ip } });

describe('verify-otp of a pending sign-up (finding 4)', () => {
  it('spends a code attempt on every wrong password, so password guesses lock the code', async () => {
    const email = uniqueEmail('pending');
    await service.request(Subjects.auth.registerSendCode, { email, fullName: 'Pat', password });
    const otp = await codeFromMail(email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const wrong = await refusal(
        service.request(Subjects.auth.registerVerify, { email, otp, password: `Guess${i}word1` }),
      );
      answers.push(wrong.message);
    }
    expect(answers.slice(0, 4)).toEqual(
      Array(4).fill('The password does not match the one you signed up with.'),
    );
    expect(answers[4]).toBe('Too many incorrect attempts. Please request a new code.');
    // The code is gone: even the right code and password no longer create the account.
    const right = await refusal(
      service.request(Subjects.auth.registerVerify, { email, otp, password }),
    );
    expect(right.code).toBe('BAD_REQUEST');
    expect(await pgQuery('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(0);
  });

  it('still tells a person who mistyped the password what is wrong', async () => {
    const email = uniqueEmail('typo');
    await service.request(Subjects.auth.registerSendCode, { email, fullName: 'Pat', password });
    const otp = await codeFromMail(email);
    const typo = await refusal(
      service.request(Subjects.auth.registerVerify, { email, otp, password: 'Kartlink2025' }),
    );
    expect(typo.message).toBe('The password does not match the one you signed up with.');
    const ok = await service.request<CustomTokenAnswer>(Subjects.auth.registerVerify, {
      email,
      otp,
      password,
    });
    expect(ok.customToken).toBeTruthy();
  });
});

describe('existence checks (finding 5)', () => {
  it('counts the per-e-mail limit before answering that the e-mail is registered', async () => {
    const email = await registered('taken');
    // Sign-up itself sent one code to this address.
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await refusal(
        service.request(Subjects.auth.registerSendCode, { email, fullName: 'Other', password }),
      );
      answers.push(answer.code);
    }
    expect(answers).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'RATE_LIMITED']);
  });

  it('answers a reset request as fast for an unknown e-mail as for an account', async () => {
    const known = await registered('reset');
    const time = async (email: string) => {
      const started = performance.now();
      await service.request(Subjects.auth.resetSendCode, { email });
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2];
    const forAccount: number[] = [];
    const forNobody: number[] = [];
    // Four more sends to the account fit its limit of five per window (sign-up used one).
    for (let i = 0; i < 4; i += 1) {
      forNobody.push(await time(uniqueEmail('nobody')));
      forAccount.push(await time(known));
    }
    forNobody.push(await time(uniqueEmail('nobody')));
    forAccount.push(forAccount[3]);
    // An argon2id hash takes tens of milliseconds; the answers must not differ by one.
    expect(Math.abs(median(forAccount) - median(forNobody))).toBeLessThan(15);
  });
});

describe('failed logins (finding 3)', () => {
  it('lets no parallel burst past the limit: each try is counted before the password is checked', async () => {
    const email = await registered('burst');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refusal(login(email, `Burst${i}guess1`, '10.9.8.7')).then((r) => r.code),
      ),
    );
    const checked = answers.filter((code) => code === 'UNAUTHORIZED').length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((code) => code === 'RATE_LIMITED')).toHaveLength(20 - checked);
  });

  it("slows the guesser's address down without locking the owner out elsewhere", async () => {
    const email = await registered('owner');
    for (let i = 0; i < 5; i += 1)
      expect((await refusal(login(email, `Guess${i}word1`, '10.1.1.1'))).code).toBe('UNAUTHORIZED');
    const slowed = await refusal(login(email, password, '10.1.1.1'));
    expect(slowed.code).toBe('RATE_LIMITED');
    expect(slowed.message).toBe('Too many login attempts. Please try again in 30 seconds.');
    // The owner, from their own address, signs in at once.
    const owner = await login(email, password, '10.2.2.2');
    expect(owner).toMatchObject({ session: { user: { email } } });
  });
});
