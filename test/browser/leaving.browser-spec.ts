import type { Shop } from '@kartlink/contracts';
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { signUp, strongPassword, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  reached,
  screenshotOnFailure,
  signInThroughScreens,
} from '../support/browser';

// An owner deletes their account from the account page of the built web app (test/stack-setup.ts):
// they confirm with their password, land signed out on the home page, and their shop is gone.
jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('deleting an account', () => {
  it('asks for the password, deletes everything, signs out, and the shop is gone', async () => {
    const owner = new Visitor();
    const { email } = await signUp(owner);
    const shopUrl = `leaving-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
    const shop = await owner.call<Shop>('PUT', '/shop/settings', {
      shopUrl,
      shopName: 'Leaving Looms',
      shopDescription: 'Handwoven sarees, for the last time.',
      setupCompleted: true,
      isShopPublic: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
    if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, 'leaving', async () => {
      await signInThroughScreens(page, email);
      await page.goto(at('/dashboard/account'));
      const section = page.getByRole('region', { name: 'Delete account' });
      await section.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Your password', { exact: true }).fill('Not-my-pass1');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByText('Your password is incorrect.').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await dialog.getByLabel('Your password', { exact: true }).fill(strongPassword);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await reached(page, '/');
      await page.getByText('Your account was deleted.').waitFor();

      // The shop's page answers 404 to anyone, and the account page asks to sign in again.
      await page.goto(at(`/${shopUrl}`));
      await page.getByText('Shop not found').first().waitFor();
      await page.goto(at('/dashboard/account'));
      await reached(page, '/auth');
    });
    await context.close();
    expect((await fetch(at(`/api/shop/${shopUrl}`))).status).toBe(404);
  });
});
