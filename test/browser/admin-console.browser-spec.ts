import type { Product } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  SMALL_ANDROID_PHONE,
  reached,
  screenshotOnFailure,
  signInThroughScreens,
  takenOver,
  waitUntil,
} from '../support/browser';

// Issue 21 on a 320 px phone: a visitor reports a product from its public page; an admin finds
// the owner, works the report queue (Hide, with the top reason prefilled), the visitor then
// meets "no longer available", and the admin finds the action in the audit log and exports it.
jest.setTimeout(180_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const phone = (): Promise<BrowserContext> =>
  browser.newContext({ ...SMALL_ANDROID_PHONE, acceptDownloads: true });

async function ownerWithShop(name: string) {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `${name}-${Date.now().toString(36)}`;
  const saved = await owner.call('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Too Good Deals',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(saved.status).toBe(200);
  return { owner, email, shopUrl };
}

async function noOverflow(page: Page) {
  const overflow = (await page.evaluate(
    '(() => document.documentElement.scrollWidth - window.innerWidth)()',
  )) as number;
  expect(overflow).toBeLessThanOrEqual(0);
}

it('reports a page, hides it from the queue and finds it in the audit log', async () => {
  const { owner, email: ownerEmail, shopUrl } = await ownerWithShop('reported');
  const made = await owner.post<Product>('/urls', {
    title: 'Branded watch at 95% off',
    originalURLs: ['https://www.amazon.in/dp/B0FAKE1', 'https://www.flipkart.com/p/fake1'],
  });
  expect(made.status).toBe(201);
  const path = `/${shopUrl}/${made.body.data.shortCode}`;

  const { email: adminEmail } = await ownerWithShop('ops');
  await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);

  // A visitor reports the product from its server-rendered page.
  const visitorContext = await phone();
  const visitor = await visitorContext.newPage();
  await screenshotOnFailure(visitor, 'admin-console-report', async () => {
    await visitor.goto(at(path));
    await takenOver(visitor);
    const sheet = visitor.getByRole('dialog', { name: 'Choose Favourite App' });
    await sheet.getByRole('button', { name: 'Close' }).click();
    await visitor.getByRole('button', { name: 'Report this page' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Report this product' });
    await dialog.getByRole('radio', { name: 'Counterfeit' }).check();
    await dialog.getByLabel('Details (optional)').fill('Not the brand’s logo');
    expect(await accessibilityViolations(visitor, { minImpact: 'serious' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thanks — our team will review this page.').waitFor();
  });

  const context = await phone();
  const page = await context.newPage();
  await screenshotOnFailure(page, 'admin-console', async () => {
    await signInThroughScreens(page, adminEmail);
    await page.getByRole('button', { name: /^More/ }).click();
    await page.getByRole('link', { name: 'Admin console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
    await reached(page, '/admin/users');

    // Users: the search goes to the URL and finds the owner.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ownerEmail);
    const users = page.getByRole('list', { name: 'Users' });
    await users.getByRole('heading', { name: ownerEmail }).waitFor();
    await waitUntil(
      page,
      `new URLSearchParams(location.search).get('q') === ${JSON.stringify(ownerEmail)}`,
    );
    await noOverflow(page);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);

    // Reports: the visitor's report, hidden with its top reason.
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    const open = page.getByRole('list', { name: 'Open reports' });
    const card = open
      .locator('> li')
      .filter({ has: page.getByRole('link', { name: path, exact: true }) });
    await card.getByText('Counterfeit × 1').waitFor();
    await card.getByText('Not the brand’s logo').waitFor();
    await noOverflow(page);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);
    await card.getByRole('button', { name: `Hide ${path}` }).click();
    const dialog = page.getByRole('dialog', { name: `Hide ${path}?` });
    expect(await dialog.getByRole('textbox').inputValue()).toBe('Counterfeit');
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
    await page.getByText(`Hid ${path}.`).waitFor();
    await page.getByRole('link', { name: 'Hidden', exact: true }).click();
    await page
      .getByRole('list', { name: 'Hidden reports' })
      .getByRole('link', { name: path, exact: true })
      .waitFor();

    // The visitor now meets the page's end.
    await visitor.goto(at(path));
    await visitor
      .getByRole('heading', { level: 1, name: 'This page is no longer available.' })
      .waitFor();

    // The owner is told, on their list of links and the link's page.
    const ownerContext = await phone();
    const ownerPage = await ownerContext.newPage();
    await signInThroughScreens(ownerPage, ownerEmail);
    await ownerPage.goto(at('/dashboard/links'));
    const row = ownerPage.locator('li.product-row').filter({
      has: ownerPage.getByRole('link', { name: 'Branded watch at 95% off', exact: true }),
    });
    await row.getByText('Hidden by Kartlink').waitFor();
    await row.getByRole('link', { name: 'Branded watch at 95% off', exact: true }).click();
    await ownerPage.getByRole('heading', { name: 'Hidden by Kartlink: Counterfeit' }).waitFor();
    expect(await accessibilityViolations(ownerPage, { minImpact: 'serious' })).toEqual([]);
    await ownerContext.close();

    // Audit log: filtered by the admin, in the URL, and exported with the same filter.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Actor (e-mail or id)').fill(adminEmail);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await waitUntil(
      page,
      `new URLSearchParams(location.search).get('actor') === ${JSON.stringify(adminEmail)}`,
    );
    const entries = page.getByRole('list', { name: 'Audit entries' });
    await entries.locator('> li.admin-card').first().waitFor();
    await noOverflow(page);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // Shops & products: the hidden product, restored.
    await page.getByRole('link', { name: 'Shops & products' }).click();
    await page.getByRole('searchbox', { name: 'Search shops and products' }).fill(shopUrl);
    const products = page.getByRole('list', { name: 'Products' });
    const restore = products.getByRole('button', {
      name: 'Restore product “Branded watch at 95% off”',
    });
    await restore.waitFor();
    await products.getByText('Hidden', { exact: true }).waitFor();
    await noOverflow(page);
    expect(await accessibilityViolations(page, { minImpact: 'serious' })).toEqual([]);
    await restore.click();
    await products
      .getByRole('button', { name: 'Hide product “Branded watch at 95% off”' })
      .waitFor();
  });
  await visitorContext.close();
  await context.close();
});

it('shows the console to no one but an admin: a user gets the 404 page', async () => {
  const { email } = await ownerWithShop('curious');
  const context = await phone();
  const page = await context.newPage();
  await screenshotOnFailure(page, 'admin-console-404', async () => {
    await signInThroughScreens(page, email);
    await page.goto(at('/admin/users'));
    await page.getByRole('heading', { name: "Look like you're lost" }).waitFor();
    expect(await page.getByText('Admin console').count()).toBe(0);
  });
  await context.close();
});
