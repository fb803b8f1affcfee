import {
  type Caller,
  type ClientInfo,
  type CustomTokenAnswer,
  type DeviceSession,
  type IssuedSession,
  type OtherSessionsEnded,
  Subjects,
} from '@kartlink/contracts';
import {
  type CaughtMail,
  fetchMail,
  pgQuery,
  readTestEnv,
  redisKeys,
  startServiceForTest,
  waitFor,
} from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import { appModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

// Signed-in devices (issue 16, ASVS chapter 7): what the owner sees and ends, idle sessions,
// and the mails that name the device. The gateway reads the device label from the user agent;
// here the payload carries it as the gateway sends it.

const IDLE_SECONDS = 3600;
let service: Awaited<ReturnType<typeof startServiceForTest<typeof configSchema>>>;

beforeAll(async () => {
  service = await startServiceForTest({
    service: 'auth',
    schema: configSchema,
    module: appModule,
    dataSource: dataSourceOptions,
    // An hour, not the default week: the idle test ages a session past it.
    env: { SESSION_IDLE_SECONDS: String(IDLE_SECONDS) },
  });
});
afterAll(async () => {
  await service?.close();
});

const password = 'Kartlink2024';
const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

const PHONE: ClientInfo = { ip: '10.1.1.1', device: 'Chrome on Android', timeZone: 'Asia/Kolkata' };
const IPHONE: ClientInfo = {
  ip: '10.2.2.2',
  device: 'Safari on iPhone',
  timeZone: 'Europe/London',
};
const LAPTOP: ClientInfo = { ip: '10.3.3.3', device: 'Firefox on Linux', timeZone: 'Asia/Kolkata' };

async function refusal(answer: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await answer;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  const all = (await (
    await fetch(`${readTestEnv().MAILDEV_API_URL}/email`)
  ).json()) as CaughtMail[];
  return all.filter((mail) => mail.envelope.to.some((r) => r.address === email));
}

/** The mail to `email` with this subject, waiting for it to arrive. */
const mailAbout = (email: string, subject: RegExp) =>
  waitFor(async () => (await mailsTo(email)).find((mail) => subject.test(mail.subject)), {
    timeoutMs: 15_000,
    intervalMs: 200,
    description: `a mail to ${email} about ${subject}`,
  });

/** An account, signed in on PHONE right after sign-up (as the web app does). */
async function registered(name: string) {
  const email = uniqueEmail(name);
  await service.request(Subjects.auth.registerSendCode, { email, fullName: 'Owner', password });
  const otp = /\b(\d{6})\b/.exec((await fetchMail(email)).text ?? '')![1];
  const { customToken } = await service.request<CustomTokenAnswer>(Subjects.auth.registerVerify, {
    email,
    otp,
    password,
  });
  const first = await service.request<IssuedSession>(Subjects.auth.exchangeToken, {
    body: { token: customToken },
    client: PHONE,
  });
  return { email, phone: device(first) };
}

/** A signed-in device: its refresh token and who it is, as the gateway reads its access token. */
function device(issued: IssuedSession) {
  const claims = JSON.parse(
    Buffer.from(issued.session.accessToken.split('.')[1], 'base64url').toString(),
  ) as { sub: string; sid: string };
  const caller: Caller = { userId: claims.sub, sessionId: claims.sid, role: 'user' };
  return { caller, refreshToken: issued.refreshToken };
}

const login = async (email: string, client: ClientInfo) =>
  device(
    await service.request<IssuedSession>(Subjects.auth.login, {
      body: { email, password },
      client,
    }),
  );

const list = (caller: Caller) =>
  service.request<DeviceSession[]>(Subjects.auth.listSessions, { caller });

describe('signed-in devices', () => {
  it('lists each device with its label, place and current marker, and mails a new one once', async () => {
    const { email, phone } = await registered('devices');
    const iphone = await login(email, IPHONE);

    const seen = await list(iphone.caller);
    expect(seen).toHaveLength(2);
    expect(
      seen.map(({ device, place, timeZone, current }) => ({ device, place, timeZone, current })),
    ).toEqual([
      { device: 'Safari on iPhone', place: 'London', timeZone: 'Europe/London', current: true },
      { device: 'Chrome on Android', place: 'Kolkata', timeZone: 'Asia/Kolkata', current: false },
    ]);
    for (const item of seen) {
      expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(item.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
    }
    expect((await list(phone.caller)).find((d) => d.current)?.device).toBe('Chrome on Android');

    // The iPhone was new to this account: the owner is told, with the device and its place.
    const notice = await mailAbout(email, /^New sign-in/);
    expect(notice.subject).toBe('New sign-in to your Kartlink account');
    expect(notice.text).toContain('signed in to from Safari on iPhone, London time on ');
    // The same device again is not news: no second notice (the sign-up code and one notice).
    await login(email, IPHONE);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/is your Kartlink verification code$/),
      'New sign-in to your Kartlink account',
    ]);
  });

  it('updates "last used" on a refresh', async () => {
    const { phone } = await registered('last-used');
    await pgQuery(
      "UPDATE auth.sessions SET last_used_at = now() - interval '10 minutes' WHERE id = $1",
      [phone.caller.sessionId],
    );
    const before = Date.parse((await list(phone.caller))[0].lastUsedAt);
    await service.request(Subjects.auth.refresh, {
      refreshToken: phone.refreshToken,
      client: PHONE,
    });
    const after = Date.parse((await list(phone.caller))[0].lastUsedAt);
    expect(after - before).toBeGreaterThan(9 * 60_000);
  });

  it('ends one device at once and leaves the others working', async () => {
    const { email, phone } = await registered('end-one');
    const iphone = await login(email, IPHONE);
    await service.request(Subjects.auth.endSession, {
      caller: phone.caller,
      id: iphone.caller.sessionId,
    });

    const refused = await refusal(
      service.request(Subjects.auth.refresh, { refreshToken: iphone.refreshToken }),
    );
    expect(refused).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has expired. Please log in again.',
    });
    // The gateway refuses its access tokens from now on.
    const [revoked] = await pgQuery<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM auth.sessions WHERE id = $1',
      [iphone.caller.sessionId],
    );
    expect(revoked.revoked_reason).toBe('ended-by-owner');
    expect(await redisKeys(`revoked-session:${iphone.caller.sessionId}`)).toHaveLength(1);
    expect((await list(phone.caller)).map((d) => d.device)).toEqual(['Chrome on Android']);
    const rotated = await service.request<IssuedSession>(Subjects.auth.refresh, {
      refreshToken: phone.refreshToken,
    });
    expect(rotated.session.accessToken).toBeTruthy();

    // Ended already: the same answer as a session that never was.
    const again = await refusal(
      service.request(Subjects.auth.endSession, {
        caller: phone.caller,
        id: iphone.caller.sessionId,
      }),
    );
    expect(again).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers 404 for another account's session, an unknown id and a malformed one, and ends nothing", async () => {
    const owner = await registered('owner');
    const other = await registered('other');
    for (const id of [other.phone.caller.sessionId, randomUUID(), 'not-an-id']) {
      const answer = await refusal(
        service.request(Subjects.auth.endSession, { caller: owner.phone.caller, id }),
      );
      expect(answer).toEqual({
        code: 'NOT_FOUND',
        message: 'This device is not signed in to your account.',
      });
    }
    expect(await list(other.phone.caller)).toHaveLength(1);
    await service.request(Subjects.auth.refresh, { refreshToken: other.phone.refreshToken });
  });

  it('ends every other device, and this one stays', async () => {
    const { email, phone } = await registered('end-others');
    const iphone = await login(email, IPHONE);
    const laptop = await login(email, LAPTOP);
    const answer = await service.request<OtherSessionsEnded>(Subjects.auth.endOtherSessions, {
      caller: laptop.caller,
    });
    expect(answer).toEqual({ ended: 2 });
    expect((await list(laptop.caller)).map((d) => [d.device, d.current])).toEqual([
      ['Firefox on Linux', true],
    ]);
    for (const ended of [phone, iphone])
      expect(
        (
          await refusal(
            service.request(Subjects.auth.refresh, { refreshToken: ended.refreshToken }),
          )
        ).code,
      ).toBe('UNAUTHORIZED');
    await service.request(Subjects.auth.refresh, { refreshToken: laptop.refreshToken });
  });
});

describe('idle sessions', () => {
  it(`end when unused for SESSION_IDLE_SECONDS (${IDLE_SECONDS} s here): the refresh is refused and the device leaves the list`, async () => {
    const { email, phone } = await registered('idle');
    const iphone = await login(email, IPHONE);
    const age = (id: string, seconds: number) =>
      pgQuery(
        `UPDATE auth.sessions SET last_used_at = now() - make_interval(secs => $2) WHERE id = $1`,
        [id, seconds],
      );
    // Just inside the limit: still fine.
    await age(phone.caller.sessionId, IDLE_SECONDS - 60);
    const kept = await service.request<IssuedSession>(Subjects.auth.refresh, {
      refreshToken: phone.refreshToken,
    });
    // Past it: the usual signed-out answer, and the session is over for good.
    await age(iphone.caller.sessionId, IDLE_SECONDS + 60);
    expect((await list(phone.caller)).map((d) => d.device)).toEqual(['Chrome on Android']);
    const refused = await refusal(
      service.request(Subjects.auth.refresh, { refreshToken: iphone.refreshToken }),
    );
    expect(refused).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Your session has expired. Please log in again.',
    });
    const [row] = await pgQuery<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM auth.sessions WHERE id = $1',
      [iphone.caller.sessionId],
    );
    expect(row.revoked_reason).toBe('idle');
    expect(kept.refreshToken).toBeTruthy();
  });
});

describe('the password reset mail', () => {
  it('says from which device the reset was asked for', async () => {
    const { email } = await registered('reset-device');
    await service.request(Subjects.auth.resetSendCode, { email, client: IPHONE });
    const mail = await mailAbout(email, /is your Kartlink password reset code$/);
    expect(mail.text).toContain('The reset was asked for from Safari on iPhone, London time.');
    expect(mail.html).toContain('Safari on iPhone, London time');
  });
});
