import type { Product, Shop, UploadedImage } from '@kartlink/contracts';
import { pgQuery, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import type { Browser, Page, Response } from 'playwright-core';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';
import {
  at,
  launchChromium,
  PHONE_AGENTS,
  PHONE_SCREEN,
  takenOver,
  waitUntil,
} from '../support/browser';
import { file, sendForm } from '../support/forms';

// A visitor opens a public shop, then a product, and leaves for a store through the options
// sheet, in the built web app served by the gateway that test/stack-setup.ts starts.
jest.setTimeout(90_000);

let browser: Browser;

const AMAZON_URL = 'https://www.amazon.in/dp/B0DIYA4SET';

/** An owner with a public shop and one product on Amazon, Flipkart and WhatsApp. */
async function shopWithProduct({ photo = false } = {}) {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = `diya-house-${Date.now().toString(36)}-${randomInt(1e6)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Diya House',
    shopDescription: 'Brass lamps and festive decor, made by hand in Moradabad',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);
  const image = photo
    ? (
        await sendForm<UploadedImage>(owner, '/photos/upload', [
          ['image', file(await sampleJpeg(1200, 1200), 'diya.jpg', 'image/jpeg')],
        ])
      ).body.data.url
    : undefined;
  const product = await owner.post<Product>('/urls', {
    title: 'Brass diya set of 4',
    price: 2450,
    ...(image ? { imageUrl: image, images: [image] } : {}),
    originalURLs: [
      // WhatsApp first: the sheet still lists it last.
      'https://wa.me/919876543210',
      AMAZON_URL,
      'https://www.flipkart.com/p/diya-set',
    ],
  });
  if (product.status !== 201) throw new Error(`product refused: ${JSON.stringify(product.body)}`);
  return { owner, shopUrl, product: product.body.data };
}

/** A phone-sized page in a fresh context: no session, nothing stored. */
/**
 * The tab's title once the page has named it: the page sets it a task after the root layout's
 * title from the path (use-document-title.ts), so a read right after the first paint can see
 * the path's. Waits up to 5 s for `expected`, then answers what the tab says.
 */
async function titleOf(page: Page, expected: string): Promise<string> {
  await page
    .waitForFunction(`document.title === ${JSON.stringify(expected)}`, undefined, { timeout: 5000 })
    .catch(() => undefined);
  return page.title();
}

async function phonePage(): Promise<Page> {
  // Most visitors come from a link in Instagram, on a phone.
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    userAgent: PHONE_AGENTS.instagramAndroid,
  });
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('public shop and product pages', () => {
  it('takes a visitor from the shop to a product and on to the store they choose', async () => {
    const { shopUrl, product } = await shopWithProduct();
    const page = await phonePage();

    // The shop: its name, its product card, the Created with link, nothing sticking out.
    await page.goto(at(`/${shopUrl}`));
    await page.getByRole('heading', { level: 1, name: 'Diya House' }).waitFor();
    expect(await titleOf(page, 'Diya House · Kartlink')).toBe('Diya House · Kartlink');
    const card = page.getByRole('article').filter({ hasText: 'Brass diya set of 4' });
    await card.waitFor();
    expect(await card.getByText('₹2,450').isVisible()).toBe(true);
    expect(await card.getByText('+1').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Created with/ }).getAttribute('href')).toBe('/');
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The product, with the options sheet open from the start, WhatsApp last.
    await card.getByText('Buy Now').click();
    await waitUntil(
      page,
      `location.pathname === ${JSON.stringify(`/${shopUrl}/${product.shortCode}`)}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Brass diya set of 4' }).waitFor();
    const sheet = page.getByRole('dialog', { name: 'Choose Favourite App' });
    await sheet.waitFor();
    expect(await sheet.getByText(/^Buy on /).allInnerTexts()).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
    expect(await page.evaluate<string | null>("localStorage.getItem('publicRouteAccessed')")).toBe(
      'true',
    );

    // Instagram's own browser: the way out of it is offered above the stores.
    expect(await sheet.getByRole('link', { name: 'Open in browser' }).getAttribute('href')).toMatch(
      new RegExp(`^intent://[^/]+/${shopUrl}/${product.shortCode}#Intent;scheme=https?;end$`),
    );

    // Choosing Amazon goes through the tracked redirect, which counts the click and, on Android,
    // answers with Amazon's app (a desktop Chromium cannot open it: the answer is read).
    const answered = page.waitForResponse((response: Response) =>
      response.url().includes(`/${shopUrl}/${product.shortCode}/go/amazon?t=`),
    );
    await sheet.getByRole('link', { name: 'Buy on Amazon' }).click();
    const answer = await answered;
    expect(answer.status()).toBe(302);
    expect(answer.headers()['location']).toMatch(
      /^intent:\/\/www\.amazon\.in\/dp\/B0DIYA4SET#Intent;scheme=https;package=in\.amazon\.mShop\.android\.shopping;S\.browser_fallback_url=https%3A%2F%2Fwww\.amazon\.in%2Fdp%2FB0DIYA4SET;end$/,
    );
    // The gateway read the phone and Instagram's in-app browser from the User-Agent header.
    const [event] = await waitFor(
      async () => {
        const rows = await pgQuery<{ device: string; browser: string }>(
          "SELECT device, browser FROM analytics.events WHERE product_id = $1 AND type = 'click'",
          [product.id],
        );
        return rows.length > 0 ? rows : undefined;
      },
      { timeoutMs: 15_000, description: 'the click stored' },
    );
    expect(event).toEqual({ device: 'mobile', browser: 'Instagram' });
    await page.context().close();
  });

  it('paints a product page from its own HTML, with the API unreachable', async () => {
    const { shopUrl, product } = await shopWithProduct();
    const page = await phonePage();
    // The public JSON reads fail as on a dropped connection; pictures and code still load.
    const asked: string[] = [];
    await page.route(/\/api\/(shop\/[^/]+(\/urls|\/stats)?|url\/shop\/[^/]+\/[^/]+)$/, (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.abort('internetdisconnected');
    });
    await page.goto(at(`/${shopUrl}/${product.shortCode}`));
    await page.getByRole('heading', { level: 1, name: 'Brass diya set of 4' }).waitFor();
    expect(await page.getByText('₹2,450').first().isVisible()).toBe(true);
    expect(await titleOf(page, 'Brass diya set of 4 · Diya House')).toBe(
      'Brass diya set of 4 · Diya House',
    );
    // The page had what it shows: it did not ask for the product.
    expect(asked.filter((path) => path.startsWith('/api/url/'))).toEqual([]);
    await page.context().close();
  });

  it('shows the shop from its HTML and takes it over without redrawing it, at every width', async () => {
    const { owner, shopUrl } = await shopWithProduct({ photo: true });
    // Five more, listed before it: the card with the photo is the sixth, taken over in the
    // second turn (four cards a turn).
    for (let n = 1; n <= 5; n += 1) {
      const more = await owner.post<Product>('/urls', {
        title: `Brass bell ${n}`,
        price: 350 + n,
        originalURLs: [
          `https://www.amazon.in/dp/B0DIYABEL${n}`,
          `https://www.flipkart.com/p/brass-bell-${n}`,
        ],
      });
      if (more.status !== 201) throw new Error(`product refused: ${JSON.stringify(more.body)}`);
    }
    for (const [width, columns] of [
      [390, 2],
      [800, 3],
      [1280, 4],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // Keeps the shop's heading and grid as the HTML made them: a failed takeover throws the
      // server's HTML away and draws the page again, with new ones.
      await page.addInitScript(`
        new MutationObserver((records, observer) => {
          const heading = document.querySelector('#root h1');
          const grid = document.querySelector('#root ul.product-grid');
          const cards = document.querySelectorAll('#root article.product-card');
          if (!heading || !grid || cards.length < 6) return;
          window.fromHtml = { heading, grid, cards: [...cards] };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      `);
      await page.goto(at(`/${shopUrl}`));
      await page.getByRole('heading', { level: 1, name: 'Diya House' }).waitFor();
      await takenOver(page);
      expect(
        await page.evaluate<number>(
          "getComputedStyle(document.querySelector('ul.product-grid')).gridTemplateColumns.split(' ').length",
        ),
      ).toBe(columns);
      expect(
        await page.evaluate<boolean>(
          "window.fromHtml.heading === document.querySelector('#root h1') && window.fromHtml.grid === document.querySelector('#root ul.product-grid') && [...document.querySelectorAll('#root article.product-card')].every((card, n) => card === window.fromHtml.cards[n])",
        ),
      ).toBe(true);
      // The cards were taken over, not only left standing: the sixth one's picture opens large.
      await page.getByRole('button', { name: 'View pictures of Brass diya set of 4' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // A picture that arrived before the takeover is shown, not left behind its placeholder.
      await waitUntil(
        page,
        "document.querySelectorAll('.product-image--loaded').length > 0 && document.querySelectorAll('.product-image--loading').length === 0",
        { timeoutMs: 10_000 },
      );
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('shows a large shop a page at a time: the first from its HTML, the next as the visitor scrolls', async () => {
    const { shopUrl } = await shopWithProduct();
    // 59 more, older than the first (seeded in SQL: the free plan stops at 25).
    await pgQuery(
      `INSERT INTO shop.products (shop_id, short_code, title, store_urls, created_at)
       SELECT s.id, 'bell-' || i, 'Brass bell ' || i,
              jsonb_build_array('https://www.amazon.in/dp/B0BELL' || i, 'https://www.flipkart.com/p/bell-' || i),
              now() - i * interval '1 minute'
         FROM shop.shops s CROSS JOIN generate_series(1, 59) i WHERE s.shop_url = $1`,
      [shopUrl],
    );
    const page = await phonePage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/urls')) pages.push(new URL(request.url()).search);
    });
    await page.goto(at(`/${shopUrl}`));
    await page.getByRole('heading', { level: 1, name: 'Diya House' }).waitFor();
    await takenOver(page);
    const cards = () => page.locator('#root article.product-card').count();
    // The first page came with the HTML: no request for it.
    expect(await cards()).toBe(24);
    expect(pages).toEqual([]);

    // Scrolled down: the next pages come one after another, to the last, short one.
    for (let turn = 0; turn < 20 && (await cards()) < 60; turn += 1) {
      await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
      await page.waitForTimeout(300);
    }
    expect(await cards()).toBe(60);
    const titles = await page.locator('#root article.product-card h3').allTextContents();
    expect(new Set(titles).size).toBe(60);
    expect(titles[0]).toBe('Brass diya set of 4');
    expect(titles[59]).toBe('Brass bell 59');
    expect(pages).toHaveLength(2);
    expect(pages.every((search) => /^\?limit=24&after=[0-9a-f-]{36}$/.test(search))).toBe(true);
    expect(await page.getByRole('button', { name: 'Show more products' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('tells a visitor when a product link does not exist', async () => {
    const { shopUrl } = await shopWithProduct();
    const page = await phonePage();
    await page.goto(at(`/${shopUrl}/no-such-code`));
    await page.getByText('This product link does not exist or has been removed.').waitFor();
    expect(await page.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe(
      `/${shopUrl}`,
    );
    await page.context().close();
  });
});
