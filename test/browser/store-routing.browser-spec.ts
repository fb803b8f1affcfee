import type { Product, Shop } from '@kartlink/contracts';
import { pgQuery, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  PHONE_AGENTS,
  PHONE_SCREEN,
  signInThroughScreens,
  takenOver,
  waitUntil,
} from '../support/browser';

// The product page's store sheet on a phone: its stores are links to the tracked redirect
// (`/{shopUrl}/{shortCode}/go/{store}?t=…`), and following one reaches the store, opening the
// store's app on Android where the store has one. The stores are a fake one served from this
// machine (under a made-up host the browser resolves here) and Amazon, whose redirect is read
// but never followed: nothing leaves this machine.
jest.setTimeout(90_000);

const FAKE_STORE_HOST = 'diya-store.test';
const AMAZON_URL = 'https://www.amazon.in/dp/B0DIYA4SET';
const FLIPKART_URL = 'https://www.flipkart.com/brass-diya/p/itmdiya4';
const AMAZON_TAG = 'diyahouse-21';

let browser: Browser;
let store: Server;
let storeOrigin: string;
/** What the fake store was asked for, in order (path and query). */
const storeVisits: string[] = [];

beforeAll(async () => {
  store = createServer((request, response) => {
    storeVisits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Diya Store</title><h1>Diya Store product</h1>');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  const { port } = store.address() as AddressInfo;
  storeOrigin = `http://${FAKE_STORE_HOST}:${port}`;
  browser = await launchChromium([`--host-resolver-rules=MAP ${FAKE_STORE_HOST} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => store?.close(resolve));
});

/** An owner with an Amazon tag and one product on Amazon, the fake store, Flipkart and WhatsApp. */
async function shopWithProduct() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `diya-house-${Date.now().toString(36)}-${randomInt(1e6)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Diya House',
    shopDescription: 'Brass lamps and festive decor, made by hand in Moradabad',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
    earnings: { amazonTags: [{ marketplace: 'amazon.in', tag: AMAZON_TAG }] },
  });
  if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);
  const product = await owner.post<Product>('/urls', {
    title: 'Brass diya set of 4',
    price: 2450,
    originalURLs: [
      AMAZON_URL,
      `${storeOrigin}/p/brass-diya-set`,
      FLIPKART_URL,
      'https://wa.me/919876543210',
    ],
  });
  if (product.status !== 201) throw new Error(`product refused: ${JSON.stringify(product.body)}`);
  return { shopUrl, email, product: product.body.data };
}

/** A phone-sized Android Chrome page in a fresh context: no session, nothing stored. */
async function androidPhone(): Promise<Page> {
  // Chrome on an Android phone: not an in-app browser, so no way-out notice above the stores.
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    userAgent: PHONE_AGENTS.androidChrome,
  });
  return context.newPage();
}

/** Opens the product page and waits until the app has taken the server's HTML over. */
async function openProduct(page: Page, shopUrl: string, shortCode: string) {
  await page.goto(at(`/${shopUrl}/${shortCode}`));
  const sheet = page.getByRole('dialog', { name: 'Choose Favourite App' });
  await sheet.waitFor();
  await takenOver(page);
  return sheet;
}

/**
 * The Location the tracked redirect answered when `act` followed a link to `path`: the answer is
 * fetched as the browser asked for it, read, and handed to the browser unchanged (Chromium
 * reports no response for a redirect to a scheme it cannot open, such as intent:).
 */
async function redirectOf(page: Page, path: string, act: () => Promise<unknown>) {
  let answered: (location: string) => void = () => undefined;
  const location = new Promise<string>((resolve) => (answered = resolve));
  const matches = (url: URL) => `${url.pathname}${url.search}`.startsWith(path);
  await page.route(matches, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    answered(answer.headers()['location'] ?? '');
    await route.fulfill({ response: answer });
  });
  await act();
  const result = await location;
  await page.unroute(matches);
  return result;
}

/** The stores a sheet lists, in order. */
const labelsOf = (sheet: Locator) => sheet.getByText(/^Buy on /).allInnerTexts();

/** The click rows the analytics service stored for a product. */
const clicksOf = (productId: string) =>
  pgQuery<{ platform: string | null }>(
    "SELECT platform FROM analytics.events WHERE product_id = $1 AND type = 'click' ORDER BY occurred_at",
    [productId],
  );

describe('the store sheet on an Android phone', () => {
  it('links to the tracked redirect, which opens the store app (intent://) or reaches the store', async () => {
    const { shopUrl, product } = await shopWithProduct();
    const page = await androidPhone();
    const sheet = await openProduct(page, shopUrl, product.shortCode);

    // What the page links to: the /go route of each store, with the tap proof.
    expect(await labelsOf(sheet)).toEqual([
      'Buy on Amazon',
      'Buy on Diya-store',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
    const hrefs = await Promise.all(
      (await sheet.getByRole('link', { name: /^Buy on / }).all()).map((link) =>
        link.getAttribute('href'),
      ),
    );
    const go = `/${shopUrl}/${product.shortCode}/go`;
    expect(hrefs).toEqual(
      ['amazon', 'web', 'flipkart', 'whatsapp'].map((store) =>
        expect.stringMatching(new RegExp(`^${go}/${store}\\?t=[^&]+$`)),
      ),
    );
    // No way out of an in-app browser is offered in Chrome itself.
    expect(await sheet.getByRole('link', { name: 'Open in browser' }).count()).toBe(0);

    // Flipkart has an app: the server answers the tap with an intent:// URL naming it, the web
    // page as its fallback. A desktop Chromium cannot open intents: the answer is read.
    const flipkart = await redirectOf(page, `${go}/flipkart?t=`, () =>
      sheet.getByRole('link', { name: 'Buy on Flipkart' }).click(),
    );
    expect(flipkart).toBe(
      `intent://www.flipkart.com/brass-diya/p/itmdiya4#Intent;scheme=https;package=com.flipkart.android;S.browser_fallback_url=${encodeURIComponent(FLIPKART_URL)};end`,
    );

    // Back on the product (in a new tab: this one has handed the tap to the app), the
    // visitor's last choice comes first, from the takeover on.
    const tab2 = await page.context().newPage();
    const problems: string[] = [];
    tab2.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    tab2.on('pageerror', (error) => problems.push(error.message));
    const again = await openProduct(tab2, shopUrl, product.shortCode);
    await waitUntil(
      tab2,
      "document.querySelector('.sheet__option-label')?.textContent === 'Buy on Flipkart'",
    );
    expect(await labelsOf(again)).toEqual([
      'Buy on Flipkart',
      'Buy on Amazon',
      'Buy on Diya-store',
      'Buy on WhatsApp',
    ]);
    // The HTML had the owner's order; the takeover matched it, then moved Flipkart up.
    expect(problems).toEqual([]);

    // Amazon's app, with the owner's tag on the fallback: the tap proof made the tag allowed.
    const amazon = await redirectOf(tab2, `${go}/amazon?t=`, () =>
      again.getByRole('link', { name: 'Buy on Amazon' }).click(),
    );
    expect(amazon).toMatch(
      /^intent:\/\/www\.amazon\.in\/dp\/B0DIYA4SET\?tag=diyahouse-21#Intent;scheme=https;package=in\.amazon\.mShop\.android\.shopping;S\.browser_fallback_url=/,
    );
    const fallback = decodeURIComponent(/S\.browser_fallback_url=([^;]+)/.exec(amazon)?.[1] ?? '');
    expect(fallback).toBe(`${AMAZON_URL}?tag=${AMAZON_TAG}`);

    // The fake store has no app: the redirect leads the browser on to the store's own page.
    const tab3 = await page.context().newPage();
    const third = await openProduct(tab3, shopUrl, product.shortCode);
    await third.getByRole('link', { name: 'Buy on Diya-store' }).click();
    await tab3.waitForURL(`${storeOrigin}/p/brass-diya-set`);
    await tab3.getByRole('heading', { name: 'Diya Store product' }).waitFor();
    expect(storeVisits.filter((visit) => visit.startsWith('/p/brass-diya-set'))).toEqual([
      '/p/brass-diya-set',
    ]);

    // Each tap counted once, by the redirect alone (the page sends no beacon of its own).
    const clicks = await waitFor(
      async () => {
        const rows = await clicksOf(product.id);
        return rows.length >= 3 ? rows : undefined;
      },
      { timeoutMs: 15_000, description: 'the three clicks stored' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await clicksOf(product.id)).toHaveLength(clicks.length);
    expect(clicks).toHaveLength(3);
    expect(clicks.map((click) => click.platform).slice(0, 2)).toEqual(['flipkart', 'amazon']);
    await page.context().close();
  });

  it('lets a visitor choose a store with the keyboard alone: Tab to its link, Enter', async () => {
    const { shopUrl, product } = await shopWithProduct();
    const page = await androidPhone();
    await openProduct(page, shopUrl, product.shortCode);

    // The sheet holds the focus: Tab moves through its close button and its stores.
    const target = `/${shopUrl}/${product.shortCode}/go/web?`;
    let focused = '';
    for (let presses = 0; presses < 6 && !focused.startsWith(target); presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate<string>(
        "(document.activeElement && document.activeElement.getAttribute('href')) || ''",
      );
    }
    expect(focused.startsWith(target)).toBe(true);
    expect(
      await page.evaluate<string>(
        "document.activeElement.getAttribute('aria-label') || document.activeElement.innerText",
      ),
    ).toContain('Buy on Diya-store');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${storeOrigin}/p/brass-diya-set`);
    await page.getByRole('heading', { name: 'Diya Store product' }).waitFor();
    await page.context().close();
  });

  it("shows Instagram's visitors the way out and the Amazon disclosure, accessibly; the owner's Earnings page too", async () => {
    const { shopUrl, email, product } = await shopWithProduct();
    const context = await browser.newContext({
      ...PHONE_SCREEN,
      reducedMotion: 'reduce',
      userAgent: PHONE_AGENTS.instagramAndroid,
    });
    const page = await context.newPage();
    const sheet = await openProduct(page, shopUrl, product.shortCode);
    const escape = sheet.getByRole('link', { name: 'Open in browser' });
    await escape.waitFor();
    const { host } = new URL(at('/'));
    expect(await escape.getAttribute('href')).toBe(
      `intent://${host}/${shopUrl}/${product.shortCode}#Intent;scheme=http;end`,
    );
    // Offered, never taken by itself.
    expect(new URL(page.url()).pathname).toBe(`/${shopUrl}/${product.shortCode}`);
    const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    expect(await accessibilityViolations(page, { minImpact: 'serious', tags: axeTags })).toEqual(
      [],
    );

    await sheet.getByRole('button', { name: 'Close' }).click();
    const disclosure = page.getByText(
      /^Diya House is a participant in the Amazon Associates Program/,
    );
    await disclosure.scrollIntoViewIfNeeded();
    expect(await disclosure.isVisible()).toBe(true);
    expect(await accessibilityViolations(page, { minImpact: 'serious', tags: axeTags })).toEqual(
      [],
    );
    await context.close();

    const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const dashboard = await owner.newPage();
    await signInThroughScreens(dashboard, email);
    await dashboard.goto(at('/dashboard/shop/earnings'));
    await dashboard.getByRole('form', { name: 'Earnings settings' }).waitFor();
    expect(await dashboard.getByLabel('Tag on amazon.in').inputValue()).toBe(AMAZON_TAG);
    expect(
      await accessibilityViolations(dashboard, { minImpact: 'serious', tags: axeTags }),
    ).toEqual([]);
    await owner.close();
  });
});
