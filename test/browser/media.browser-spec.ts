import { randomInt } from 'node:crypto';
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { at, launchChromium, reached, signUpThroughScreens, waitUntil } from '../support/browser';

// Images through the real screens of the built web app and the whole stack (test/stack-setup.ts):
// a new owner uploads the shop photo in the setup wizard and a banner on the banners page, both
// real image files made here; a visitor in a fresh browser then sees both on the public shop.
jest.setTimeout(150_000);

let browser: Browser;

/** What the page knows of an <img> (this file is compiled without the DOM types). */
interface ImageFacts {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}

/** The size of the picture an <img> loaded, once it has finished (0×0 when it broke). */
async function loadedSize(image: Locator): Promise<{ width: number; height: number }> {
  await image.waitFor();
  await waitUntil(image, (element) => (element as ImageFacts).complete);
  return image.evaluate((element) => ({
    width: (element as unknown as ImageFacts).naturalWidth,
    height: (element as unknown as ImageFacts).naturalHeight,
  }));
}

/** Which picture of its srcset an <img> loaded (its currentSrc), and that picture's size. */
async function chosenSize(image: Locator) {
  await loadedSize(image);
  const chosen = await image.evaluate(
    (element) => (element as unknown as { currentSrc: string }).currentSrc,
  );
  const bytes = Buffer.from(await (await fetch(chosen)).arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  return { medium: chosen.endsWith('/medium'), width, height };
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
    await signUpThroughScreens(page, `media.${stamp}@example.com`, 'Media Owner');

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
    // Shown at 96 px: its thumbnail, once made (until then the photo itself stands in).
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/photos\/[^/]+\/thumbnail$/);
    expect([320, 800]).toContain((await loadedSize(photo)).width);
    // The photo itself was resized to fit 800×800 on the server.
    const full = await fetch(at(src.replace(/\/thumbnail$/, '')));
    const { width, height } = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 800, height: 800 });

    // Three banners across 1280 px at one device pixel per pixel: about 400 px wide each, so
    // the browser takes the 720 px medium variant from the srcset.
    const carousel = shopper.getByRole('region', { name: 'Shop banners' });
    const banner = carousel.getByRole('img', { name: 'Grand opening sale' });
    expect(await banner.getAttribute('src')).toMatch(/^\/api\/banners\/[^/]+$/);
    expect(await chosenSize(banner)).toEqual({ medium: true, width: 720, height: 240 });
    await visitor.close();

    // On a phone of 3 device pixels per pixel the banner is 1074 pixels across: the full one.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
    });
    const onPhone = await phone.newPage();
    await onPhone.goto(at(`/${shopUrl}`));
    const phoneBanner = onPhone.getByRole('img', { name: 'Grand opening sale' });
    expect(await chosenSize(phoneBanner)).toEqual({ medium: false, width: 1500, height: 500 });
    await phone.close();
  });
});
