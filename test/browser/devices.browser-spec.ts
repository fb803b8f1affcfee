import type { Browser } from 'playwright-core';
import { Device, signUp, strongPassword, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  PHONE_AGENTS,
  PHONE_SCREEN,
  screenshotOnFailure,
  waitUntil,
} from '../support/browser';

// The account page's signed-in devices, on a phone in India, through the built web app that
// test/stack-setup.ts starts: the phone sees itself and an iPhone signed in elsewhere, and
// signs the iPhone out.
jest.setTimeout(120_000);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('signed-in devices on the account page', () => {
  it('lists this phone and another device, and signs the other one out', async () => {
    const { email } = await signUp(new Visitor());
    const iphone = new Device(IPHONE_SAFARI, 'Europe/London');
    expect((await iphone.post('/auth/login', { email, password: strongPassword })).status).toBe(
      200,
    );

    const context = await browser.newContext({
      ...PHONE_SCREEN,
      userAgent: PHONE_AGENTS.androidChrome,
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    await screenshotOnFailure(page, 'devices', async () => {
      await page.goto(at('/auth'));
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(strongPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitUntil(page, "location.pathname !== '/auth'");

      await page.goto(at('/dashboard/account'));
      const section = page.getByRole('region', { name: 'Signed-in devices' });
      const list = section.getByRole('list', { name: 'Signed-in devices' });
      const thisPhone = list.getByRole('listitem').filter({ hasText: 'This device' });
      await thisPhone.waitFor();
      expect(await thisPhone.textContent()).toMatch(
        /^Chrome on AndroidThis deviceKolkata · Signed in/,
      );
      expect(await thisPhone.getByRole('button').count()).toBe(0);
      const other = list.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
      expect(await other.textContent()).toMatch(
        /London · Signed in .*Last active just nowSign out$/,
      );
      expect(await accessibilityViolations(page)).toEqual([]);
      // Phone-first: nothing wider than the screen.
      expect(
        await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
      ).toBe(true);

      await section.getByRole('button', { name: 'Sign out Safari on iPhone in London' }).tap();
      await page.getByText('Signed out of Safari on iPhone in London.').waitFor();
      await other.waitFor({ state: 'detached' });
      expect(await list.getByRole('listitem').count()).toBe(2);
      // The iPhone is signed out for real: its refresh and its access token are refused.
      expect((await iphone.call('GET', '/auth/me')).status).toBe(401);
      expect((await iphone.post('/auth/refresh')).status).toBe(401);
      // This phone goes on.
      await page.reload();
      await thisPhone.waitFor();
    });
    await context.close();
  });
});
