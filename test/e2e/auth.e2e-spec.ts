import type {
  AuthSession,
  AuthUser,
  CodeSent,
  CustomTokenAnswer,
  ImpersonationToken,
  SignInPreview,
} from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import {
  codeFromMail,
  mailCount,
  mailNumber,
  signUp,
  strongPassword,
  uniqueEmail,
  Visitor,
} from '../support/auth-client';

const userRows = (email: string) => pgQuery('SELECT * FROM auth.users WHERE email = $1', [email]);
const codeRows = (email: string) =>
  pgQuery<{ code_hash: string; consumed_at: Date | null }>(
    'SELECT * FROM auth.email_codes WHERE email = $1',
    [email],
  );

describe('sign-up with an e-mailed code', () => {
  it('refuses every wrong field with SPEC messages and stores nothing', async () => {
    const visitor = new Visitor();
    const answer = await visitor.post('/auth/register/send-otp', {
      email: 'asha@',
      fullName: ' ',
      password: 'abcdefgh',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', msg: 'Please enter a valid email address' },
        { path: 'fullName', msg: 'Full name is required' },
        { path: 'password', msg: 'Password must contain at least one uppercase letter' },
      ]),
    );
    expect(await codeRows('asha@')).toHaveLength(0);
  });

  it('mails a readable code, keeps only its hash, and creates the account only when it comes back', async () => {
    const visitor = new Visitor();
    const email = uniqueEmail('meera');
    const sent = await visitor.post<CodeSent>('/auth/register/send-otp', {
      email: email.toUpperCase(),
      fullName: 'Meera Shah',
      password: strongPassword,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ email, expiresInSeconds: 600 });

    const mail = await mailNumber(email, 0);
    const otp = await codeFromMail(email, 0);
    expect(mail.subject).toContain('verification code');
    expect(mail.text).toContain('Hi Meera Shah');
    const [stored] = await codeRows(email);
    expect(stored.code_hash).toMatch(/^\$argon2id\$/);
    expect(stored.code_hash).not.toContain(otp);
    expect(await userRows(email)).toHaveLength(0);

    const verified = await visitor.post<CustomTokenAnswer>('/auth/register/verify-otp', {
      email,
      otp,
      password: strongPassword,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.customToken).toMatch(/^[\w-]{40,}$/);
    const [user] = await userRows(email);
    expect(user).toMatchObject({ display_name: 'Meera Shah', role: 'user', plan: 'free' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const session = await visitor.post<AuthSession>('/auth/session', {
      token: verified.body.data.customToken,
    });
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      isNewUser: true,
      expiresIn: 3600,
      user: { email, displayName: 'Meera Shah' },
    });
    expect(session.setCookie).toMatch(/HttpOnly/);
    expect(session.setCookie).toMatch(/Path=\/api\/auth/);
    expect(session.setCookie).toMatch(/SameSite=Strict/);

    const again = await new Visitor().post('/auth/session', {
      token: verified.body.data.customToken,
    });
    expect(again.status).toBe(401);
  });

  it('refuses an e-mail that already has an account', async () => {
    const { email } = await signUp(new Visitor());
    const answer = await new Visitor().post('/auth/register/send-otp', {
      email,
      fullName: 'Someone',
      password: strongPassword,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it('invalidates the old code when a new one is sent', async () => {
    const visitor = new Visitor();
    const email = uniqueEmail('resend');
    await visitor.post('/auth/register/send-otp', {
      email,
      fullName: 'Ravi',
      password: strongPassword,
    });
    const first = await codeFromMail(email, 0);
    const resent = await visitor.post<CodeSent>('/auth/otp/resend', {
      email,
      purpose: 'registration',
      fullName: 'Ravi',
    });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('Verification code resent successfully.');
    const second = await codeFromMail(email, 1);
    if (first !== second) {
      const old = await visitor.post('/auth/register/verify-otp', {
        email,
        otp: first,
        password: strongPassword,
      });
      expect(old.status).toBe(400);
    }
    const ok = await visitor.post('/auth/register/verify-otp', {
      email,
      otp: second,
      password: strongPassword,
    });
    expect(ok.status).toBe(200);
  });

  it('locks a code after five wrong tries, even against the right one', async () => {
    const visitor = new Visitor();
    const email = uniqueEmail('brute');
    await visitor.post('/auth/register/send-otp', {
      email,
      fullName: 'Brute',
      password: strongPassword,
    });
    const otp = await codeFromMail(email, 0);
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (
          await visitor.post('/auth/register/verify-otp', {
            email,
            otp: wrong,
            password: strongPassword,
          })
        ).body.error,
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(answers[4]).toBe('Too many incorrect attempts. Please request a new code.');
    const right = await visitor.post('/auth/register/verify-otp', {
      email,
      otp,
      password: strongPassword,
    });
    expect(right.status).toBe(400);
    expect(await userRows(email)).toHaveLength(0);
  });

  it('refuses an expired code and a used one', async () => {
    const visitor = new Visitor();
    const email = uniqueEmail('late');
    await visitor.post('/auth/register/send-otp', {
      email,
      fullName: 'Late',
      password: strongPassword,
    });
    const otp = await codeFromMail(email, 0);
    await pgQuery(
      `UPDATE auth.email_codes SET expires_at = now() - interval '1 second' WHERE email = $1`,
      [email],
    );
    const late = await visitor.post('/auth/register/verify-otp', {
      email,
      otp,
      password: strongPassword,
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('This verification code has expired. Please request a new one.');

    const { email: done } = await signUp(new Visitor());
    const used = await codeFromMail(done, 0);
    const reused = await visitor.post('/auth/register/verify-otp', {
      email: done,
      otp: used,
      password: strongPassword,
    });
    expect(reused.status).toBe(400);
  });

  it('limits codes per e-mail address and per client address', async () => {
    const visitor = new Visitor();
    const email = uniqueEmail('limit');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await new Visitor().post('/auth/register/send-otp', {
            email,
            fullName: 'Limit',
            password: strongPassword,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const perIp = [];
    for (let i = 0; i < 11; i += 1) {
      perIp.push(
        (await visitor.post('/auth/password-reset/send-otp', { email: uniqueEmail('ip') })).status,
      );
    }
    expect(perIp.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await visitor.post('/auth/password-reset/send-otp', {
      email: uniqueEmail('ip'),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Too many requests. Please wait a moment and try again.');
  });
});

describe('sessions', () => {
  it('logs in, answers who I am, and refuses wrong or unknown credentials alike', async () => {
    const { email } = await signUp(new Visitor());
    const visitor = new Visitor();
    const login = await visitor.post<AuthSession>('/auth/login', {
      email,
      password: strongPassword,
      rememberMe: true,
    });
    expect(login.status).toBe(200);
    expect(login.setCookie).toMatch(/Max-Age=\d+/);
    const me = await visitor.call<AuthUser>('GET', '/auth/me');
    expect(me.body.data).toMatchObject({
      email,
      signInMethods: ['password'],
      plan: 'free',
      role: 'user',
    });

    const wrong = await new Visitor().post('/auth/login', { email, password: 'Wrong12345' });
    const unknown = await new Visitor().post('/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'Wrong12345',
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.error).toBe('Invalid email or password.');
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it("slows password guessing after five failures from one address, not the owner's sign-in", async () => {
    const { email } = await signUp(new Visitor());
    const guesser = new Visitor();
    for (let i = 0; i < 5; i += 1)
      expect((await guesser.post('/auth/login', { email, password: `Guess${i}xyz1` })).status).toBe(
        401,
      );
    const slowed = await guesser.post('/auth/login', { email, password: strongPassword });
    expect(slowed.status).toBe(429);
    expect(slowed.body.error).toBe('Too many login attempts. Please try again in 30 seconds.');
    const owner = await new Visitor().post('/auth/login', { email, password: strongPassword });
    expect(owner.status).toBe(200);
  });

  it('rotates the refresh token, and a replayed one ends the whole session', async () => {
    const visitor = new Visitor();
    await signUp(visitor);
    const first = visitor.refreshCookie!;
    const refreshed = await visitor.post<AuthSession>('/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(visitor.refreshCookie).not.toBe(first);
    const current = visitor.refreshCookie!;

    const thief = new Visitor();
    thief.refreshCookie = first;
    expect((await thief.post('/auth/refresh')).status).toBe(401);
    // The family is gone: the rightful holder's newer token and access token stop working too.
    expect((await visitor.call('GET', '/auth/me')).status).toBe(401);
    visitor.refreshCookie = current;
    expect((await visitor.post('/auth/refresh')).status).toBe(401);
  });

  it('logout ends the session at once, and logout-all ends every device', async () => {
    const { email } = await signUp(new Visitor());
    const phone = new Visitor();
    const laptop = new Visitor();
    await phone.post('/auth/login', { email, password: strongPassword });
    await laptop.post('/auth/login', { email, password: strongPassword });
    const token = phone.accessToken;
    const out = await phone.post('/auth/logout');
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/Max-Age=0/);
    phone.accessToken = token;
    expect((await phone.call('GET', '/auth/me')).status).toBe(401);
    expect((await laptop.call('GET', '/auth/me')).status).toBe(200);

    const tablet = new Visitor();
    await tablet.post('/auth/login', { email, password: strongPassword });
    expect((await tablet.post('/auth/logout-all')).status).toBe(200);
    expect((await laptop.call('GET', '/auth/me')).status).toBe(401);
    expect((await laptop.post('/auth/refresh')).status).toBe(401);
  });

  it('refuses a missing, forged or tampered access token', async () => {
    const visitor = new Visitor();
    await signUp(visitor);
    expect((await new Visitor().call('GET', '/auth/me')).body.error).toBe(
      'Login required. Please sign in to continue.',
    );
    const [header, payload, signature] = visitor.accessToken!.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    visitor.accessToken = `${header}.${forged}.${signature}`;
    const answer = await visitor.call('GET', '/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('Invalid session. Please log in again.');
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    const { email } = await signUp(new Visitor());
    const nobody = uniqueEmail('ghost');
    const known = await new Visitor().post<CodeSent>('/auth/password-reset/send-otp', { email });
    const unknown = await new Visitor().post<CodeSent>('/auth/password-reset/send-otp', {
      email: nobody,
    });
    expect(known.status).toBe(unknown.status);
    expect({ ...known.body, data: { ...known.body.data, email: 'x' } }).toEqual({
      ...unknown.body,
      data: { ...unknown.body.data, email: 'x' },
    });
    await mailNumber(email, 1);
    expect(await mailCount(nobody)).toBe(0);
  });

  it('sets the new password, ends every session and sends a notice', async () => {
    const device = new Visitor();
    const { email } = await signUp(device);
    await new Visitor().post('/auth/password-reset/send-otp', { email });
    const otp = await codeFromMail(email, 1);
    const reset = await new Visitor().post('/auth/password-reset/verify-otp', {
      email,
      otp,
      newPassword: 'NewSecret99',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Password reset successfully! You can now sign in with your new password.',
    );
    expect((await device.call('GET', '/auth/me')).status).toBe(401);
    expect(
      (await new Visitor().post('/auth/login', { email, password: strongPassword })).status,
    ).toBe(401);
    expect(
      (await new Visitor().post('/auth/login', { email, password: 'NewSecret99' })).status,
    ).toBe(200);
    expect((await mailNumber(email, 2)).subject).toBe('Your Kartlink password was changed');
  });
});

describe('profile', () => {
  it('updates name and phone with SPEC rules, and keeps a number to one account', async () => {
    const asha = new Visitor();
    await signUp(asha);
    const bad = await asha.call('PUT', '/user/profile', { phoneNumber: '+0 12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      'Please enter a valid phone number with country code (e.g., +1234567890)',
    );
    const phone = `+9198${String(Date.now()).slice(-8)}`;
    const ok = await asha.call<AuthUser>('PUT', '/user/profile', {
      displayName: 'Asha R',
      phoneNumber: `${phone.slice(0, 3)} ${phone.slice(3)}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ displayName: 'Asha R', phoneNumber: phone });

    const ravi = new Visitor();
    await signUp(ravi);
    const taken = await ravi.call('PUT', '/user/profile', { phoneNumber: phone });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('This phone number is already registered to another account.');
    expect((await ravi.call<AuthUser>('GET', '/auth/me')).body.data.phoneNumber).toBeNull();

    // Each token reaches only its own account: Ravi's change leaves Asha's untouched.
    await ravi.call('PUT', '/user/profile', { displayName: 'Ravi K' });
    const ashaNow = (await asha.call<AuthUser>('GET', '/auth/me')).body.data;
    expect(ashaNow).toMatchObject({ displayName: 'Asha R', phoneNumber: phone });
  });
});

describe('admin impersonation', () => {
  async function makeAdmin() {
    const admin = new Visitor();
    const { email } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [email]);
    return { admin, email };
  }

  it('lets an admin act as a user through a single-use link, audited from start to end', async () => {
    const { admin, email: adminEmail } = await makeAdmin();
    const { email: userEmail } = await signUp(new Visitor());
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', {
      email: userEmail,
    });
    expect(made.status).toBe(201);
    expect(made.body.data.loginUrl).toContain('/admin-login?token=');
    expect(new Date(made.body.data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(
      15 * 60_000,
    );

    // The link's page first says whose account it opens; asking does not use the token up.
    const helper = new Visitor();
    const preview = await helper.post<SignInPreview>('/auth/session/preview', {
      token: made.body.data.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      email: userEmail,
      displayName: 'Asha Rao',
      impersonation: true,
    });
    const session = await helper.post<AuthSession>('/auth/session', {
      token: made.body.data.token,
    });
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({
      email: userEmail,
      impersonatedBy: { email: adminEmail },
    });
    expect(
      (await new Visitor().post('/auth/session', { token: made.body.data.token })).status,
    ).toBe(401);
    const used = await new Visitor().post('/auth/session/preview', {
      token: made.body.data.token,
    });
    expect(used.status).toBe(401);
    expect(used.body.error).toBe('This sign-in link is invalid or has expired.');

    await helper.post('/auth/logout');
    const audit = await pgQuery<{ type: string }>(
      `SELECT type FROM auth.audit_events a JOIN auth.users u ON u.id = a.subject_id WHERE u.email = $1 ORDER BY a.created_at`,
      [userEmail],
    );
    expect(audit.map((row) => row.type)).toEqual([
      'impersonation.token-created',
      'impersonation.started',
      'impersonation.ended',
    ]);
  });

  it('ends the impersonation on the next request once the admin is no longer one', async () => {
    const { admin, email: adminEmail } = await makeAdmin();
    const { email: userEmail } = await signUp(new Visitor());
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', {
      email: userEmail,
    });
    const helper = new Visitor();
    await helper.post('/auth/session', { token: made.body.data.token });
    expect((await helper.call('GET', '/auth/me')).status).toBe(200);
    await pgQuery(`UPDATE auth.users SET role = 'user' WHERE email = $1`, [adminEmail]);
    expect((await helper.call('GET', '/auth/me')).status).toBe(401);
  });

  it('refuses a late token, a non-admin maker and an admin target', async () => {
    const { admin, email: otherAdmin } = await makeAdmin();
    const { email: userEmail } = await signUp(new Visitor());
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', {
      email: userEmail,
    });
    await pgQuery(
      `UPDATE auth.sign_in_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'impersonation'`,
    );
    expect(
      (await new Visitor().post('/auth/session', { token: made.body.data.token })).status,
    ).toBe(401);

    const plain = new Visitor();
    await signUp(plain);
    const notAdmin = await plain.post('/admin/impersonation-tokens', { email: userEmail });
    // The admin routes do not exist for anyone but an admin (issue 21).
    expect([notAdmin.status, notAdmin.body.errorCode]).toEqual([404, 'ROUTE_NOT_FOUND']);

    const { admin: second } = await makeAdmin();
    const atAdmin = await second.post('/admin/impersonation-tokens', { email: otherAdmin });
    expect(atAdmin.status).toBe(403);
    expect(atAdmin.body.error).toBe('An admin account cannot be impersonated.');
  });
});
