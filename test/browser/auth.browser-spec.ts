import { fetchMail } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { at, launchChromium, reached } from '../support/browser';
import { personLogin } from '../support/oidc-provider';

// Signs up, verifies the e-mailed code, signs out and in again, through the real screens of
// the built web app served by the gateway that test/stack-setup.ts starts.
jest.setTimeout(90_000);

let browser: Browser;

const pathOf = (page: Page) => new URL(page.url()).pathname;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('accounts and sign-in', () => {
  it('signs up with the e-mailed code, lands on setup, signs out, and signs in again', async () => {
    const email = `browser.${Date.now()}.${randomInt(1e6)}@example.com`;
    const password = 'Kartlink2026';
    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();

    // Sign up, from the home page's claim of a shop URL.
    await page.goto(at('/auth?tab=signup&shopUrl=browser-shop'));
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Full name').fill('Browser Tester');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // The code that was really sent, read from the mail catcher.
    await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(/Code expires in \d+:\d\d/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    const mail = await fetchMail(email, { timeoutMs: 20_000 });
    const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text ?? ''}`)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verify = page.getByRole('button', { name: 'Verify and create account' });
    await page.getByLabel('Verification code').fill(code!.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill(code!);
    await verify.click();

    // A new account goes to the setup wizard, flagged as new; no token is stored.
    await reached(page, '/shop/setup');
    await page.getByText('Account created successfully! Redirecting...').waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('isNewUser')")).toBe('true');
    const storedUser = await page.evaluate<string | null>("localStorage.getItem('auth-user')");
    expect(JSON.parse(storedUser ?? '{}')).toMatchObject({ email, displayName: 'Browser Tester' });
    expect(storedUser).not.toMatch(/token/i);

    // A reload keeps the session (the refresh cookie), without a detour through /auth.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Set up your shop' }).waitFor();
    expect(pathOf(page)).toBe('/shop/setup');

    // Sign out from the account page: back home, signed out.
    await page.goto(at('/dashboard/account'));
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(await page.getByText(`Signed in as ${email}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await reached(page, '/');
    await page
      .getByRole('heading', { level: 1, name: 'One link for every store you sell on' })
      .waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('auth-user')")).toBeNull();

    // The dashboard now asks to sign in, and signing in leads back to it.
    await page.goto(at('/dashboard'));
    await reached(page, '/auth');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reached(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();

    await context.close();
  });

  it('refuses a wrong password with the server message', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(at('/auth'));
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(`nobody.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('NotThePassword1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    expect(pathOf(page)).toBe('/auth');
    await page.context().close();
  });

  it('signs in with Google in this browser, and never with a token someone put in the address', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A link made to sign this browser in to someone else's account does nothing.
    await page.goto(at('/auth#token=planted-sign-in-token&redirect=%2Fdashboard'));
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(pathOf(page)).toBe('/auth');
    expect(await page.evaluate('localStorage.getItem("auth-user")')).toBeNull();

    // Continue with Google, at the test provider: its login form, then its consent.
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    const email = `google.browser.${Date.now()}.${randomInt(1e6)}@example.com`;
    await page
      .locator('input[name="login"]')
      .fill(personLogin({ email, email_verified: true, name: 'Gita Browser' }));
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on /auth, the hand-over cookie became a session: the new account's phone step.
    const dialog = page.getByRole('dialog', { name: 'One last step' });
    await dialog.waitFor();
    expect(pathOf(page)).toBe('/auth');
    expect(new URL(page.url()).hash).toBe('');
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await reached(page, '/shop/setup');
    await context.close();
  });
});
