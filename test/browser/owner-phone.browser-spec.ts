import type { Product, Shop } from '@kartlink/contracts';
import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  PHONE_AGENTS,
  reached,
  screenshotOnFailure,
  signInThroughScreens,
  waitUntil,
} from '../support/browser';

// An owner who runs the shop from a phone, through the built web app that test/stack-setup.ts
// starts, moving only with the phone's navigation: the bottom bar and its More sheet.
jest.setTimeout(180_000);

const ANDROID_CHROME = PHONE_AGENTS.androidChrome;
const FREE_LIMIT = 25;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** An owner with a finished shop and `products` product links, made through the API. */
async function ownerWithProducts(products: number) {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `phone-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Phone Handlooms',
    shopDescription: 'Handwoven sarees, sold from a phone between looms.',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);
  for (let i = 0; i < products; i += 1) {
    const made = await owner.post<Product>('/urls', {
      title: `Saree ${i + 1}`,
      originalURLs: [`https://www.amazon.in/dp/B0PHONE${i}`, `https://www.flipkart.com/p/itm${i}`],
    });
    if (made.status !== 201) throw new Error(`product refused: ${JSON.stringify(made.body)}`);
  }
  return { owner, email, shopUrl };
}

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_CHROME,
    colorScheme: 'light',
    // The More sheet is where it ends at once, not sliding in while the test measures it.
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** Whether the whole box of `locator` is on screen now. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function fitsTheWidth(page: Page): Promise<boolean> {
  return page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
}

describe('an owner on a phone', () => {
  it('signs in and goes everywhere with the bottom bar and More, then signs out', async () => {
    const { email, shopUrl } = await ownerWithProducts(FREE_LIMIT - 1);
    const { context, page } = await phone();
    const bar = page.getByRole('navigation', { name: 'Dashboard' });
    const tab = (name: string) => bar.getByRole('link', { name, exact: true });
    const more = bar.getByRole('button', { name: /^More/ });
    const sheet = page.getByRole('dialog', { name: 'More' });

    async function openMore() {
      await more.tap();
      await sheet.waitFor();
    }

    /** Taps a destination that must be visible, and waits for its page. */
    async function go(target: Locator, path: string, heading: string | RegExp) {
      expect(await onScreen(page, target)).toBe(true);
      await target.tap();
      await reached(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await fitsTheWidth(page)).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);
    }

    await screenshotOnFailure(page, 'owner-phone-journey', async () => {
      await signInThroughScreens(page, email);
      await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
      // The bar holds the main four and More, all on screen at once; the page marks itself.
      for (const name of ['Overview', 'Links', 'Create link', 'Analytics']) {
        expect(await onScreen(page, tab(name))).toBe(true);
      }
      expect(await onScreen(page, more)).toBe(true);
      expect(await tab('Overview').getAttribute('aria-current')).toBe('page');
      expect(await fitsTheWidth(page)).toBe(true);
      // The plan's room is shown before any form is filled.
      const glance = page.getByRole('region', { name: 'At a glance' });
      await glance.getByText(`${FREE_LIMIT - 1} of ${FREE_LIMIT}`).waitFor();

      // A new link, from the bar.
      await go(tab('Create link'), '/dashboard/create-link', 'Create a product link');
      expect(await tab('Create link').getAttribute('aria-current')).toBe('page');
      await page
        .getByLabel('Store link 1', { exact: true })
        .fill('https://www.myntra.com/saree/99');
      await page.getByLabel('Store link 2', { exact: true }).fill('https://wa.me/919876543210');
      await page.getByLabel('Title', { exact: true }).fill('Phone-made ikat saree');
      await page.getByRole('button', { name: 'Create link', exact: true }).tap();
      await page.getByRole('heading', { name: 'Your link is ready' }).waitFor();

      // The list has it, and says the free plan is now full.
      await go(tab('Links'), '/dashboard/links', 'Your product links');
      await page.getByRole('link', { name: 'Phone-made ikat saree' }).first().waitFor();
      await page.getByRole('region', { name: 'Your free plan is full' }).waitFor();
      expect(
        await page.getByRole('region', { name: 'Your free plan is full' }).textContent(),
      ).toContain(`${FREE_LIMIT} of ${FREE_LIMIT} products used.`);

      await go(tab('Analytics'), '/dashboard/analytics', 'Analytics');
      expect(await tab('Analytics').getAttribute('aria-current')).toBe('page');

      // The shop's settings, through More.
      await openMore();
      await go(
        sheet.getByRole('link', { name: 'My shop', exact: true }),
        '/dashboard/shop',
        'Your shop',
      );
      expect(await sheet.count()).toBe(0);
      expect(await more.textContent()).toContain('(showing My shop)');
      await page
        .getByRole('navigation', { name: 'Shop sections' })
        .getByRole('link', { name: 'Settings' })
        .tap();
      await reached(page, '/dashboard/shop/settings');
      await page.getByRole('heading', { level: 1, name: 'Shop settings' }).waitFor();
      expect(await page.getByLabel('Shop URL', { exact: true }).inputValue()).toBe(shopUrl);
      expect(await fitsTheWidth(page)).toBe(true);

      // The account: a profile photo that stays, and shows in the top bar.
      await openMore();
      await go(
        sheet.getByRole('link', { name: 'Account', exact: true }),
        '/dashboard/account',
        'Your account',
      );
      const face = await sharp({
        create: { width: 600, height: 600, channels: 3, background: '#d97706' },
      })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel('Profile photo file')
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: face });
      await page.getByText('Your profile photo was saved.').waitFor({ timeout: 30_000 });
      const avatar = page.getByRole('link', { name: /^Your account:/ }).locator('img');
      const photoURL = await avatar.getAttribute('src');
      expect(photoURL).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.jpg$/);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      expect(await avatar.getAttribute('src')).toBe(photoURL);
      expect(await page.getByAltText('Your profile photo').getAttribute('src')).toBe(photoURL);
      // The photo really loads, in the top bar as on the page.
      await waitUntil(
        page,
        `[...document.querySelectorAll('img[src="${photoURL}"]')].every((img) => img.complete && img.naturalWidth > 0)`,
      );

      // Signing out is in More too.
      await openMore();
      await sheet.getByRole('button', { name: 'Sign out' }).tap();
      await reached(page, '/');
      await page.getByRole('link', { name: 'Sign Up' }).first().waitFor();
    });
    await context.close();
  });

  it('is shown why a link was not saved when the plan filled up meanwhile', async () => {
    const { owner, email } = await ownerWithProducts(FREE_LIMIT - 1);
    const { context, page } = await phone();
    await screenshotOnFailure(page, 'owner-phone-limit', async () => {
      await signInThroughScreens(page, email);
      await page.goto(at('/dashboard/create-link'));
      await page.getByText(`${FREE_LIMIT - 1} of ${FREE_LIMIT}`).waitFor();
      await page.getByLabel('Store link 1', { exact: true }).fill('https://www.ajio.com/p/1');
      await page.getByLabel('Store link 2', { exact: true }).fill('https://www.meesho.com/s/p/2');
      await page.getByLabel('Title', { exact: true }).fill('One too many');
      // Another device takes the last free place.
      const other = await owner.post('/urls', {
        title: 'Made elsewhere',
        originalURLs: ['https://www.amazon.in/dp/B0ELSE', 'https://www.flipkart.com/p/else'],
      });
      expect(other.status).toBe(201);

      const create = page.getByRole('button', { name: 'Create link', exact: true });
      await create.scrollIntoViewIfNeeded();
      await create.tap();
      const notice = page.getByRole('alert').filter({ hasText: 'Your free plan is full' });
      await notice.waitFor();
      // The notice has the focus and is on screen, although the button was at the bottom.
      await waitUntil(
        page,
        `document.activeElement?.textContent?.includes('Your free plan is full') ?? false`,
      );
      await waitUntil(
        page,
        `(() => {
        const box = document.activeElement?.getBoundingClientRect();
        return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
      })()`,
      );
      expect(await notice.textContent()).toContain('Upgrade to Premium for unlimited products');
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('One too many');
    });
    await context.close();
  });
});
