import type { Shop } from '@kartlink/contracts';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import {
  at,
  launchChromium,
  PHONE_AGENTS,
  screenshotOnFailure,
  signInThroughScreens,
  waitUntil,
} from '../support/browser';

// An owner on a phone pastes a store's product address into a new link and gets its details
// and picture, read from a local fake store (STORE_PAGE_ALLOW_HOSTS in test/stack-setup.ts).
jest.setTimeout(180_000);

let browser: Browser;
let store: Server;
let pageUrl: string;

beforeAll(async () => {
  const photo = await sampleJpeg(900, 900);
  store = createServer((req, res) => {
    if (req.url === '/products/ikat-saree') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html><head><title>Ikat Saree | Pochampally Looms</title>
        <meta property="og:title" content="Pochampally Ikat Silk Saree">
        <meta property="og:description" content="Double ikat, woven by hand over 21 days.">
        <meta property="og:image" content="/images/saree.jpg">
        <meta property="product:price:amount" content="12499"><meta property="product:price:currency" content="INR">
        <meta property="product:brand" content="Pochampally Looms"></head><body></body></html>`);
    }
    if (req.url === '/images/saree.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(photo);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}/products/ikat-saree`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  store?.closeAllConnections();
  await new Promise((resolve) => store?.close(resolve));
});

it('fills a new link from a pasted store address, picture included, and saves it', async () => {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl: `paste-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`,
    shopName: 'Pochampally Looms',
    shopDescription: 'Handwoven ikat sarees from Telangana.',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  expect(shop.status).toBe(200);

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_AGENTS.androidChrome,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await screenshotOnFailure(page, 'store-page-paste', async () => {
    await signInThroughScreens(page, email);
    await page.goto(at('/dashboard/create-link'));
    await page.getByRole('heading', { level: 1, name: 'Create a product link' }).waitFor();

    // Pasted as a person pastes: from the clipboard, into the first store row.
    await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(pageUrl)})`);
    await page.getByLabel('Store link 1', { exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+V');
    expect(await page.getByLabel('Store link 1', { exact: true }).inputValue()).toBe(pageUrl);

    await page.getByText(/^Filled from 127\.0\.0\.1: title, description, price/).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'Pochampally Ikat Silk Saree',
    );
    expect(await page.getByLabel('Price in ₹ (optional)').inputValue()).toBe('12,499');
    expect(await page.getByLabel('Brand (optional)').inputValue()).toBe('Pochampally Looms');
    // The picture is Kartlink's own copy, loaded in the card preview.
    const cover = page.getByRole('figure', { name: 'Product card preview' }).locator('img');
    expect(await cover.getAttribute('src')).toMatch(/^\/api\/shop\/product-images\//);
    await waitUntil(
      page,
      `(() => { const img = document.querySelector('figure[aria-label="Product card preview"] img');
        return !!img && img.complete && img.naturalWidth > 0; })()`,
    );

    await page.getByLabel('Store link 2', { exact: true }).fill('https://wa.me/919876543210');
    await page.getByRole('button', { name: 'Create link', exact: true }).tap();
    await page.getByRole('heading', { name: 'Your link is ready' }).waitFor();
  });
  await context.close();

  const list = await owner.call<{ items: Array<{ title: string; price: number | null }> }>(
    'GET',
    '/urls',
  );
  expect(list.body.data.items).toEqual([
    expect.objectContaining({ title: 'Pochampally Ikat Silk Saree', price: 12499 }),
  ]);
});
