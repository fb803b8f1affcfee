import { PRODUCT_CSV_COLUMNS, type Shop, writeCsv } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  at,
  launchChromium,
  SMALL_ANDROID_PHONE,
  screenshotOnFailure,
  signInThroughScreens,
  waitUntil,
} from '../support/browser';

// A seller moving a catalogue: on a 320 px phone, a 200-row CSV is previewed, imported with a
// progress bar that reaches done, and the products are listed.
jest.setTimeout(180_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

it('imports a 200-row CSV on a phone, with a progress bar that reaches done', async () => {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl: `bulk-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`,
    shopName: 'Kanchi Silks',
    shopDescription: 'Silk sarees from Kanchipuram looms.',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(shop.status).toBe(200);
  // 200 products need Premium (the free plan holds 25).
  const admin = new Visitor();
  const { email: adminEmail } = await signUp(admin);
  await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
  expect((await admin.call('PUT', '/admin/users/plan', { email, plan: 'premium' })).status).toBe(
    200,
  );

  const csv =
    '\ufeff' +
    writeCsv([
      PRODUCT_CSV_COLUMNS,
      ...Array.from({ length: 200 }, (_, i) =>
        PRODUCT_CSV_COLUMNS.map((column) =>
          column === 'title'
            ? `Kanchipuram silk saree ${i + 1}`
            : column === 'price'
              ? '₹12,499.00'
              : column === 'short_code'
                ? `kanchi-${i + 1}`
                : column === 'store_url_1'
                  ? `https://www.amazon.in/dp/B0KANCHI${i + 1}`
                  : column === 'store_url_2'
                    ? `https://www.flipkart.com/kanchi/p/${i + 1}`
                    : '',
        ),
      ),
    ]);

  const context = await browser.newContext(SMALL_ANDROID_PHONE);
  const page = await context.newPage();
  await screenshotOnFailure(page, 'product-import', async () => {
    await signInThroughScreens(page, email);
    await page.goto(at('/dashboard/links'));
    await page.getByRole('link', { name: 'Import', exact: true }).tap();
    await page.getByRole('heading', { level: 1, name: 'Import products' }).waitFor();

    await page.getByLabel('Choose a CSV file').setInputFiles({
      name: 'kanchi-silks.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('200 rows: 200 ready.').waitFor();
    // Nothing is wider than the phone: the table scrolls inside its own box.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);

    await page.getByRole('button', { name: 'Import 200 products' }).tap();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    await waitUntil(
      page,
      `(() => { const bar = document.querySelector('progress[aria-label="Import progress"]');
        return !!bar && bar.value === 200 && bar.max === 200; })()`,
    );
    await page.getByText('Done: 200 of 200 rows').waitFor();
    await page.getByText('200 products added, 0 updated, 0 not imported.').waitFor();

    await page.getByRole('link', { name: 'See your products' }).tap();
    await page.getByText('200 products listed').waitFor();
    await page.getByRole('link', { name: 'Kanchipuram silk saree 200', exact: true }).waitFor();
  });
  await context.close();
});
