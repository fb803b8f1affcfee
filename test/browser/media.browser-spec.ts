import { fetchMail } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium } from '../support/browser';

// Images through the real screens of the built web app and the whole stack (test/stack-setup.ts):
// a new owner uploads the shop photo in the setup wizard and a banner on the banners page, both
// real image files made here; a visitor in a fresh browser then sees both on the public shop.
jest.setTimeout(150_000);

let browser: Browser;

function baseUrl(): string {
  const url = process.env.KARTLINK_BASE_URL;
  if (!url)
    throw new Error('KARTLINK_BASE_URL is not set; the browser tests need the running stack');
  return url;
}

const at = (path: string) => new URL(path, baseUrl()).toString();

/** Waits until the address bar shows `path` (the app's own navigations fire no load event). */
async function reached(page: Page, path: string): Promise<void> {
  await page.waitForFunction(`location.pathname === ${JSON.stringify(path)}`);
}

/** Signs up through /auth with the code really e-mailed; ends on /shop/setup. */
async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(at('/auth?tab=signup'));
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  await page.getByLabel('Full name').fill('Media Owner');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Kartlink2026');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  const mail = await fetchMail(email, { timeoutMs: 20_000 });
  const code = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text ?? ''}`)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  await reached(page, '/shop/setup');
}

/** What the page knows of an <img> (this file is compiled without the DOM types). */
interface ImageFacts {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}

/** The size of the picture an <img> loaded, once it has finished (0×0 when it broke). */
async function loadedSize(image: Locator): Promise<{ width: number; height: number }> {
  await image.waitFor();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((element) => (element as ImageFacts).complete, handle);
  return image.evaluate((element) => ({
    width: (element as unknown as ImageFacts).naturalWidth,
    height: (element as unknown as ImageFacts).naturalHeight,
  }));
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('images of a new shop', () => {
  it('uploads the shop photo in the wizard and a banner, and visitors see both', async () => {
    const stamp = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
    const shopUrl = `media-${stamp}`;
    // A 1200×1200 PNG logo, resized by the server to 800×800, and a 1500×500 JPEG banner.
    const logo = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#4338ca' },
    })
      .png()
      .toBuffer();
    const bannerImage = await sharp({
      create: { width: 1500, height: 500, channels: 3, background: '#d97706' },
    })
      .jpeg({ quality: 80 })
      .toBuffer();

    const context = await browser.newContext({
      colorScheme: 'light',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await signUp(page, `media.${stamp}@example.com`);

    await page.getByLabel('Shop URL', { exact: true }).fill(shopUrl);
    await page.getByText('This shop URL is available!').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Basic Information' }).waitFor();
    await page.getByLabel('Shop name').fill('Media Test Looms');
    await page.getByLabel('Shop description').fill('Handwoven stoles, photographed daily.');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the photo is a real file, checked here, uploaded with its percentage.
    await page.getByRole('heading', { level: 2, name: 'Profile Photo' }).waitFor();
    await page.getByLabel('Photo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logo,
    });
    await page.getByText('Image uploaded successfully').waitFor({ timeout: 30_000 });
    expect(await loadedSize(page.getByAltText('Chosen photo preview'))).toEqual({
      width: 1200,
      height: 1200,
    });
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await page.getByRole('heading', { name: 'Setup Complete!' }).waitFor();
    await reached(page, '/dashboard');

    // A banner with its text, on the banners page.
    await page.goto(at('/dashboard/shop/banners'));
    await page.getByRole('heading', { level: 1, name: 'Shop banners' }).waitFor();
    await page.getByText('No banners yet', { exact: false }).waitFor();
    await page.getByLabel('Banner files').setInputFiles({
      name: 'opening.jpg',
      mimeType: 'image/jpeg',
      buffer: bannerImage,
    });
    const newBanner = page.getByRole('form', { name: 'New banners' });
    await newBanner.getByLabel('Alt text').fill('Grand opening sale');
    await newBanner.getByRole('button', { name: 'Upload banner' }).click();
    await page.getByText('Banner uploaded').waitFor({ timeout: 30_000 });
    const listed = page
      .getByRole('list', { name: 'Your banners' })
      .getByAltText('Grand opening sale');
    expect(await loadedSize(listed)).toEqual({ width: 1500, height: 500 });
    expect(await page.getByRole('switch', { name: 'Show banners on my shop' }).isChecked()).toBe(
      true,
    );
    await context.close();

    // A visitor in a fresh browser: no session, nothing cached.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const shopper = await visitor.newPage();
    await shopper.goto(at(`/${shopUrl}`));
    await shopper.getByRole('heading', { level: 1, name: 'Media Test Looms' }).waitFor();

    const photo = shopper.getByAltText('Media Test Looms logo');
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/photos\//);
    // Resized to fit 800×800 on the server.
    expect(await loadedSize(photo)).toEqual({ width: 800, height: 800 });

    const carousel = shopper.getByRole('region', { name: 'Shop banners' });
    const banner = carousel.getByRole('img', { name: 'Grand opening sale' });
    expect(await banner.getAttribute('src')).toMatch(/^\/api\/banners\//);
    expect(await loadedSize(banner)).toEqual({ width: 1500, height: 500 });
    await visitor.close();
  });
});
