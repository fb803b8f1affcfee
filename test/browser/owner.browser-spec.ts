import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import {
  at,
  launchChromium,
  reached,
  signUpThroughScreens,
  uploadShopPhoto,
} from '../support/browser';

// A new owner, through the real screens of the built web app served by the gateway that
// test/stack-setup.ts starts: sign up, set up the shop in the wizard, create a product link
// to three stores, find it in the list, and see it in the public read of the shop.
jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('a new shop owner', () => {
  it('sets up the shop, creates a product link to 3 stores and finds it listed', async () => {
    const stamp = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
    const email = `owner.${stamp}@example.com`;
    const shopUrl = `owner-${stamp}`;
    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();

    await signUpThroughScreens(page, email, 'Shop Owner');
    await page.getByRole('heading', { level: 1, name: 'Set up your shop' }).waitFor();

    // Step 1: the URL, typed with characters the field drops, checked for availability.
    await page.getByLabel('Shop URL', { exact: true }).pressSequentially(`Owner ${stamp}!`);
    expect(await page.getByLabel('Shop URL', { exact: true }).inputValue()).toBe(`owner${stamp}`);
    await page.getByLabel('Shop URL', { exact: true }).fill(shopUrl);
    await page.getByText('This shop URL is available!').waitFor();
    expect(await page.getByText(`${new URL(at('/')).origin}/${shopUrl}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: name and description.
    await page.getByRole('heading', { level: 2, name: 'Basic Information' }).waitFor();
    await page.getByLabel('Shop name').fill('Owner Test Handlooms');
    await page.getByLabel('Shop description').fill('Handwoven sarees and stoles, tested daily.');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the photo, a real PNG uploaded from this device.
    await page.getByRole('heading', { level: 2, name: 'Profile Photo' }).waitFor();
    await uploadShopPhoto(page);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
    await reached(page, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
    await page.getByRole('link', { name: `${new URL(at('/')).origin}/${shopUrl}` }).waitFor();
    expect(await page.evaluate<string | null>("localStorage.getItem('isNewUser')")).toBeNull();

    // A product link to three stores.
    await page.getByRole('link', { name: /Create a link/ }).click();
    await reached(page, '/dashboard/create-link');
    await page.getByRole('heading', { level: 1, name: 'Create a product link' }).waitFor();
    await page
      .getByLabel('Store link 1', { exact: true })
      .fill('https://www.amazon.in/dp/B0OWNER1');
    await page.getByLabel('Store link 2', { exact: true }).fill('www.flipkart.com/saree/p/itm42');
    await page.getByRole('button', { name: '+ Add store link' }).click();
    await page.getByLabel('Store link 3', { exact: true }).fill('https://www.myntra.com/sarees/77');
    await page.getByLabel('Title', { exact: true }).fill('Owner test ikat saree');
    await page.getByLabel('Price in ₹ (optional)').fill('2499');
    const preview = page.getByRole('figure', { name: 'Product card preview' });
    await preview.getByText('₹2,499').waitFor();
    await preview.getByText('+1').waitFor();
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('heading', { name: 'Your link is ready' }).waitFor();

    // It is in the owner's list.
    await page.getByRole('link', { name: 'View all links' }).click();
    await reached(page, '/dashboard/links');
    await page.getByRole('link', { name: 'Owner test ikat saree', exact: true }).waitFor();
    await page.getByText('1 product listed').waitFor();

    // And visitors' read of the shop lists it with its three stores.
    const response = await fetch(at(`/api/shop/${shopUrl}/urls`));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: Array<{ title: string; platforms: string[]; originalURLs: string[] }>;
    };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      title: 'Owner test ikat saree',
      platforms: ['Amazon', 'Flipkart', 'Myntra'],
      originalURLs: [
        'https://www.amazon.in/dp/B0OWNER1',
        'https://www.flipkart.com/saree/p/itm42',
        'https://www.myntra.com/sarees/77',
      ],
    });

    await context.close();

    // A visitor in a fresh browser opens the public page, picks Flipkart and lands there.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shopper = await visitor.newPage();
    // The store link goes through the gateway's tracked redirect; this machine has no internet,
    // so the redirect's answer is read here and the store's page drawn in its place.
    const storeVisits: string[] = [];
    await shopper.route(/\/go\/[a-z0-9]+(\?|$)/, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      storeVisits.push(answer.headers()['location'] ?? `status ${answer.status()}`);
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><h1>Flipkart product</h1>',
      });
    });
    await shopper.goto(at(`/${shopUrl}`));
    const card = shopper.getByRole('article').filter({ hasText: 'Owner test ikat saree' });
    await card.getByText('Buy Now').click();
    const sheet = shopper.getByRole('dialog', { name: 'Choose Favourite App' });
    await sheet.waitFor();
    expect(await sheet.getByText(/^Buy on /).allInnerTexts()).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on Myntra',
    ]);
    await sheet.getByRole('link', { name: 'Buy on Flipkart' }).click();
    await shopper.getByRole('heading', { name: 'Flipkart product' }).waitFor();
    expect(storeVisits).toEqual(['https://www.flipkart.com/saree/p/itm42']);
    await visitor.close();
  });
});
