import type { AuthSession, DeviceSession, OtherSessionsEnded } from '@kartlink/contracts';
import { pgQuery, stackBaseUrl, waitFor } from '@kartlink/testing';
import { Device, signUp, strongPassword, Visitor } from '../support/auth-client';

// Signed-in devices through the gateway (issue 16, ASVS chapter 7): the device label comes
// from the real User-Agent header, the place from the X-Time-Zone header the web app sends.

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const phone = () => new Device(ANDROID_CHROME, 'Asia/Kolkata');
const iphone = () => new Device(IPHONE_SAFARI, 'Europe/London');

async function signedIn(device: Device, email: string) {
  const answer = await device.post<AuthSession>('/auth/login', { email, password: strongPassword });
  expect(answer.status).toBe(200);
  return device;
}

interface Mail {
  subject: string;
  text?: string;
  envelope: { to: Array<{ address: string }> };
}

async function mailsTo(email: string): Promise<Mail[]> {
  const all = (await (await fetch(`${process.env.MAILDEV_API_URL}/email`)).json()) as Mail[];
  return all.filter((mail) =>
    mail.envelope.to.some((r) => r.address.toLowerCase() === email.toLowerCase()),
  );
}

/** The mail to `email` whose subject matches, once it has come. */
const mailAbout = (email: string, subject: RegExp) =>
  waitFor(async () => (await mailsTo(email)).find((mail) => subject.test(mail.subject)), {
    timeoutMs: 20_000,
    intervalMs: 200,
    description: `a mail to ${email} about ${subject}`,
  });

describe('signed-in devices', () => {
  it('lists the devices by browser, platform and place, the one asking marked', async () => {
    const { email } = await signUp(new Visitor());
    const android = await signedIn(phone(), email);
    await signedIn(iphone(), email);

    const list = await android.call<DeviceSession[]>('GET', '/auth/sessions');
    expect(list.status).toBe(200);
    const shown = list.body.data.map(({ device, place, current }) => ({ device, place, current }));
    expect(shown).toEqual(
      expect.arrayContaining([
        { device: 'Chrome on Android', place: 'Kolkata', current: true },
        { device: 'Safari on iPhone', place: 'London', current: false },
      ]),
    );
    // The sign-up's own session (a user agent that is no browser) is listed too.
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.filter((d) => d.current)).toHaveLength(1);

    // Both were new to the account: the owner is told of each, with the device it came from.
    const notices = await waitFor(
      async () => {
        const found = (await mailsTo(email)).filter(
          (mail) => mail.subject === 'New sign-in to your Kartlink account',
        );
        return found.length === 2 ? found : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 200, description: 'two new sign-in notices' },
    );
    expect(
      notices.map((mail) => /signed in to from (.*) on /.exec(mail.text ?? '')?.[1]).sort(),
    ).toEqual(['Chrome on Android, Kolkata time', 'Safari on iPhone, London time']);
    // A device seen before is no news: signing in again on the iPhone sends nothing.
    await signedIn(iphone(), email);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      (await mailsTo(email)).filter((mail) => mail.subject.startsWith('New sign-in')),
    ).toHaveLength(2);
  });

  it('signs out one device at once: its refresh and access token fail, the other goes on', async () => {
    const { email } = await signUp(new Visitor());
    const android = await signedIn(phone(), email);
    const apple = await signedIn(iphone(), email);

    const ended = await android.call('DELETE', `/auth/sessions/${apple.sessionId}`);
    expect(ended.status).toBe(200);
    // Its access token is refused on the next request, well before its hour is up.
    expect((await apple.call('GET', '/auth/me')).body.error).toBe(
      'Your session has expired. Please log in again.',
    );
    expect((await apple.post('/auth/refresh')).status).toBe(401);
    expect((await android.post('/auth/refresh')).status).toBe(200);
    expect((await android.call('GET', '/auth/me')).status).toBe(200);
    const left = await android.call<DeviceSession[]>('GET', '/auth/sessions');
    expect(left.body.data.map((d) => d.device)).not.toContain('Safari on iPhone');
  });

  it("answers 404 for another account's device, for an unknown id and for a malformed one", async () => {
    const { email } = await signUp(new Visitor());
    const mine = await signedIn(phone(), email);
    const other = await signUp(new Visitor());
    const theirs = await signedIn(iphone(), other.email);

    for (const id of [theirs.sessionId, '1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'not-an-id']) {
      const answer = await mine.call('DELETE', `/auth/sessions/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('This device is not signed in to your account.');
    }
    expect((await theirs.call('GET', '/auth/me')).status).toBe(200);
    expect((await new Visitor().call('GET', '/auth/sessions')).status).toBe(401);
  });

  it('signs out of every other device and keeps this one', async () => {
    const { email } = await signUp(new Visitor());
    const android = await signedIn(phone(), email);
    const apple = await signedIn(iphone(), email);

    const answer = await android.post<OtherSessionsEnded>('/auth/sessions/end-others');
    expect(answer.status).toBe(200);
    // The iPhone and the sign-up's session.
    expect(answer.body.data).toEqual({ ended: 2 });
    expect((await apple.call('GET', '/auth/me')).status).toBe(401);
    expect((await apple.post('/auth/refresh')).status).toBe(401);
    const list = await android.call<DeviceSession[]>('GET', '/auth/sessions');
    expect(list.body.data.map((d) => [d.device, d.current])).toEqual([['Chrome on Android', true]]);
    expect((await android.post('/auth/refresh')).status).toBe(200);
  });

  it('ends a session left unused for longer than the idle time (a week by default)', async () => {
    const { email } = await signUp(new Visitor());
    const android = await signedIn(phone(), email);
    await pgQuery(
      "UPDATE auth.sessions SET last_used_at = now() - interval '8 days' WHERE id = $1",
      [android.sessionId],
    );
    const refused = await android.post('/auth/refresh');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('Your session has expired. Please log in again.');
    expect(refused.setCookie).toMatch(/kartlink_refresh=; Path=\/api\/auth;.*Max-Age=0/);
  });

  it('names the device asking in the password reset mail, and in the resent one', async () => {
    const { email } = await signUp(new Visitor());
    const sent = await iphone().post('/auth/password-reset/send-otp', { email });
    expect(sent.status).toBe(200);
    const mail = await mailAbout(email, /is your Kartlink password reset code$/);
    expect(mail.text).toContain('The reset was asked for from Safari on iPhone, London time.');
    // "Resend code" names the device asking again: here another one.
    const resent = await phone().post('/auth/otp/resend', { email, purpose: 'password-reset' });
    expect(resent.status).toBe(200);
    const again = await waitFor(
      async () =>
        (await mailsTo(email)).find((m) =>
          m.text?.includes('The reset was asked for from Chrome on Android, Kolkata time.'),
        ),
      { timeoutMs: 20_000, intervalMs: 200, description: 'the resent reset code' },
    );
    expect(again.subject).toMatch(/is your Kartlink password reset code$/);
  });

  it('documents the routes in the API document', async () => {
    const document = (await (await fetch(`${stackBaseUrl()}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(document.paths['/api/auth/sessions'] ?? {})).toEqual(['get']);
    expect(document.paths['/api/auth/sessions/{id}']?.delete?.summary).toBe('Sign out one device');
    expect(document.paths['/api/auth/sessions/end-others']?.post?.summary).toBe(
      'Sign out of every other device; this one stays signed in',
    );
  });
});
