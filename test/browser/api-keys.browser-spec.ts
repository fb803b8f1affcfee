import type { Product, Shop } from '@kartlink/contracts';
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  screenshotOnFailure,
  signInThroughScreens,
} from '../support/browser';

// An owner makes an API key on the account page of the built web app (test/stack-setup.ts), on a
// 320 px wide phone: the secret is shown once, a script creates a product with it, and the key
// is listed by its prefix.
jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('API keys on the account page', () => {
  it('creates a key, shows its secret once, and lists it', async () => {
    const owner = new Visitor();
    const { email } = await signUp(owner);
    const shop = await owner.call<Shop>('PUT', '/shop/settings', {
      shopUrl: `keys-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`,
      shopName: 'Script Looms',
      shopDescription: 'Handwoven sarees, listed from a spreadsheet.',
      setupCompleted: true,
      isShopPublic: true,
      setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    });
    if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);

    const context = await browser.newContext({ viewport: { width: 320, height: 720 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, 'api-keys', async () => {
      await signInThroughScreens(page, email);
      await page.goto(at('/dashboard/account'));
      const section = page.getByRole('region', { name: 'API keys' });
      await section.getByText('No API keys yet.').waitFor();
      await section.getByLabel('Key name').fill('Price sheet');
      await section.getByLabel('Write products (products:write)').check();
      await section.getByLabel('Expires').selectOption({ label: '1 year' });
      await section.getByRole('button', { name: 'Create key' }).click();
      const secret = (await section.getByLabel('New API key').textContent())!;
      expect(secret).toMatch(/^kl_live_[A-Za-z0-9_-]{43}$/);
      const item = section.getByRole('listitem').filter({ hasText: 'Price sheet' });
      await item.getByText(`${secret.slice(0, 12)}…`).waitFor();
      await item.getByText('Read products, Write products').waitFor();
      await item.getByText(/Never used · Expires/).waitFor();
      // Nothing wider than the phone.
      expect(
        await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
      ).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);

      // The secret works in a script, as the README's curl example uses it.
      const made = await fetch(at('/api/urls'), {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Kanjivaram silk saree',
          originalURLs: ['https://www.amazon.in/dp/B0SILK', 'https://www.flipkart.com/p/itmsilk'],
        }),
      });
      expect(made.status).toBe(201);
      expect(((await made.json()) as { data: Product }).data.title).toBe('Kanjivaram silk saree');

      await section.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      await section.getByText(/Last used just now/).waitFor();
      expect(await page.content()).not.toContain(secret);
    });
    await context.close();
  });
});
