import type { Product, Shop } from '@kartlink/contracts';
import jsQR from 'jsqr';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  screenshotOnFailure,
  signInThroughScreens,
  waitUntil,
} from '../support/browser';

// An owner shares a shop that is still private from a phone: the sheet, its QR code (fetched
// with the session), the download, and the chat preview, in the built web app.
jest.setTimeout(180_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function privateShopOwner() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `share-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Priya Sarees',
    shopDescription: 'Handloom sarees from Kanchipuram, woven to order.',
    setupCompleted: true,
    isShopPublic: false,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);
  const made = await owner.post<Product>('/urls', {
    title: 'Kanchipuram silk saree',
    originalURLs: ['https://www.amazon.in/dp/B0SHARE', 'https://www.flipkart.com/p/itm9'],
  });
  if (made.status !== 201) throw new Error(`product refused: ${JSON.stringify(made.body)}`);
  return { email, shopUrl };
}

it("shares a private shop from a phone: the sheet, its QR code and the chat's preview", async () => {
  const { email, shopUrl } = await privateShopOwner();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await screenshotOnFailure(page, 'share-phone', async () => {
    await signInThroughScreens(page, email);
    await page.getByRole('button', { name: 'Share shop' }).click();
    const sheet = page.getByRole('dialog', { name: 'Share Priya Sarees' });
    await sheet.waitFor();
    const address = at(`/${shopUrl}`);
    await sheet.getByRole('link', { name: address }).waitFor();

    // The QR code of a shop nobody else may see yet, read with the owner's session.
    const qr = sheet.getByRole('img', { name: `QR code of ${address}` });
    await qr.waitFor();
    const loaded = `[...document.images].find((img) => img.alt === ${JSON.stringify(
      `QR code of ${address}`,
    )} && img.complete)?.naturalWidth ?? 0`;
    await waitUntil(page, loaded);
    expect(await page.evaluate(loaded)).toBe(256);

    const preview = sheet.getByRole('figure', { name: 'Link preview' });
    await expect(preview.innerText()).resolves.toContain('Priya Sarees');
    await expect(preview.innerText()).resolves.toContain(
      'Handloom sarees from Kanchipuram, woven to order.',
    );

    // The whole sheet fits the phone's width and sits above the bottom bar.
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Nothing in it is wider than the phone (a long address is cut, not scrolled sideways).
    expect(await sheet.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await sheet.getByRole('button', { name: 'Copy link' }).waitFor();
    for (const name of ['Copy link', 'Telegram (opens in a new tab)', 'Download SVG']) {
      const control = (await sheet
        .getByRole(name === 'Telegram (opens in a new tab)' ? 'link' : 'button', { name })
        .boundingBox())!;
      expect(control.x + control.width).toBeLessThanOrEqual(390);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screenshots/share-phone-sheet.png' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${shopUrl}-qr.png`);
    const png = PNG.sync.read(readFileSync((await download.path())!));
    expect(png.width).toBe(1024);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(address);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });
  await context.close();
});
