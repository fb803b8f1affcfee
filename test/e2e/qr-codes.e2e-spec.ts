import type { Product, Shop } from '@kartlink/contracts';
import { stackBaseUrl } from '@kartlink/testing';
import jsQR from 'jsqr';
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { signUp, Visitor } from '../support/auth-client';

// Signing up hashes a password slowly; decoding a 1024 px code takes a while on 2 busy cores.
jest.setTimeout(60_000);

const uniqueUrl = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

async function shopOwner(isShopPublic: boolean) {
  const owner = new Visitor();
  await signUp(owner);
  const shopUrl = uniqueUrl('priya');
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Priya Sarees',
    shopDescription: 'Handloom sarees from Kanchipuram',
    setupCompleted: true,
    isShopPublic,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  const product = await owner.post<Product>('/urls', {
    title: 'Silk saree',
    price: 8999,
    originalURLs: ['https://www.amazon.in/dp/B0SAREE', 'https://www.myntra.com/saree/1'],
  });
  if (product.status !== 201) throw new Error(JSON.stringify(product.body));
  return { owner, shopUrl, shortCode: product.body.data.shortCode };
}

interface Served {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function served(
  path: string,
  who?: Visitor,
  headers: Record<string, string> = {},
): Promise<Served> {
  const response = await fetch(`${stackBaseUrl()}/api${path}`, {
    headers: {
      ...(who?.accessToken ? { authorization: `Bearer ${who.accessToken}` } : {}),
      ...headers,
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** What a phone's camera would read from the picture. */
function decodePng(bytes: Buffer): { text: string; width: number; height: number } {
  const png = PNG.sync.read(bytes);
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('no QR code found in the picture');
  return { text: found.data, width: png.width, height: png.height };
}

async function decodeSvg(bytes: Buffer): Promise<string> {
  return decodePng(await sharp(bytes).png().toBuffer()).text;
}

const envelope = (bytes: Buffer) =>
  JSON.parse(bytes.toString('utf8')) as { success: boolean; errorCode: string; errors?: unknown };

describe('QR codes of public pages', () => {
  it('encodes the shop and product addresses, in PNG at each size and in SVG', async () => {
    const { shopUrl, shortCode } = await shopOwner(true);
    const shopAddress = `${stackBaseUrl()}/${shopUrl}`;
    const productAddress = `${shopAddress}/${shortCode}`;

    for (const size of [256, 512, 1024]) {
      const png = await served(`/shop/${shopUrl}/qr.png?size=${size}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(decodePng(png.bytes)).toEqual({ text: shopAddress, width: size, height: size });
    }
    // 512 when no size is asked.
    const byDefault = await served(`/url/shop/${shopUrl}/${shortCode}/qr.png`);
    expect(decodePng(byDefault.bytes)).toEqual({
      text: productAddress,
      width: 512,
      height: 512,
    });

    const shopSvg = await served(`/shop/${shopUrl}/qr.svg`);
    expect(shopSvg.status).toBe(200);
    expect(shopSvg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await decodeSvg(shopSvg.bytes)).toBe(shopAddress);
    const productSvg = await served(`/url/shop/${shopUrl}/${shortCode}/qr.svg`);
    expect(await decodeSvg(productSvg.bytes)).toBe(productAddress);

    // A shop URL typed in capitals is the same shop, at its one address.
    const upper = await served(`/shop/${shopUrl.toUpperCase()}/qr.png`);
    expect(decodePng(upper.bytes).text).toBe(shopAddress);
  });

  it('leaves a white border of at least 4 modules around the code', async () => {
    const { shopUrl } = await shopOwner(true);
    const png = PNG.sync.read((await served(`/shop/${shopUrl}/qr.png?size=256`)).bytes);
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!;
    // The finder pattern's outer corner and the size of a module, from what the decoder saw.
    const { topLeftFinderPattern: finder, topLeftCorner: corner } = found.location;
    const module = (finder.x - corner.x) / 3.5;
    const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4] < 128;
    const margin = Math.floor(corner.x);
    expect(margin).toBeGreaterThanOrEqual(Math.floor(4 * module));
    let darkInBorder = 0;
    for (let i = 0; i < png.width; i += 1)
      for (let j = 0; j < margin; j += 1) {
        // The top rows, the left columns, the bottom rows and the right columns.
        const last = png.width - 1 - j;
        if (dark(i, j) || dark(j, i) || dark(i, last) || dark(last, i)) darkInBorder += 1;
      }
    expect(darkInBorder).toBe(0);
  });

  it('names the file when downloaded and refuses other sizes', async () => {
    const { shopUrl, shortCode } = await shopOwner(true);
    const shop = await served(`/shop/${shopUrl}/qr.png?download=1`);
    expect(shop.headers.get('content-disposition')).toBe(
      `attachment; filename="${shopUrl}-qr.png"`,
    );
    const product = await served(`/url/shop/${shopUrl}/${shortCode}/qr.svg?download=1`);
    expect(product.headers.get('content-disposition')).toBe(
      `attachment; filename="${shopUrl}-${shortCode}-qr.svg"`,
    );
    expect((await served(`/shop/${shopUrl}/qr.png`)).headers.get('content-disposition')).toBe(null);

    for (const query of ['size=300', 'size=abc', 'size=512&size=1024', 'download=yes']) {
      const refused = await served(`/shop/${shopUrl}/qr.png?${query}`);
      expect(refused.status).toBe(400);
      expect(envelope(refused.bytes)).toMatchObject({
        success: false,
        errorCode: 'VALIDATION_ERROR',
      });
    }
    expect(envelope((await served(`/shop/${shopUrl}/qr.png?size=300`)).bytes).errors).toEqual([
      { path: 'size', msg: 'size must be one of 256, 512, 1024.' },
    ]);
  });

  it('answers 404 for an unknown shop or product', async () => {
    const { shopUrl } = await shopOwner(true);
    for (const path of [
      `/shop/${uniqueUrl('nobody')}/qr.png`,
      `/shop/${uniqueUrl('nobody')}/qr.svg`,
      `/url/shop/${shopUrl}/nosuchcode/qr.png`,
      `/url/shop/${uniqueUrl('nobody')}/abc1234/qr.svg`,
    ]) {
      const answer = await served(path);
      expect({ path, status: answer.status, errorCode: envelope(answer.bytes).errorCode }).toEqual({
        path,
        status: 404,
        errorCode: 'NOT_FOUND',
      });
    }
  });

  it("gives a private shop's codes to its owner only", async () => {
    const { owner, shopUrl, shortCode } = await shopOwner(false);
    const stranger = new Visitor();
    await signUp(stranger);
    for (const path of [
      `/shop/${shopUrl}/qr.png`,
      `/shop/${shopUrl}/qr.svg`,
      `/url/shop/${shopUrl}/${shortCode}/qr.png`,
    ]) {
      expect((await served(path)).status).toBe(403);
      expect((await served(path, stranger)).status).toBe(403);
      const mine = await served(path, owner);
      expect(mine.status).toBe(200);
      // An answer to the owner's token: no cache keeps it.
      expect(mine.headers.get('cache-control')).toBe('no-store');
    }
    const mine = await served(`/url/shop/${shopUrl}/${shortCode}/qr.png`, owner);
    expect(decodePng(mine.bytes).text).toBe(`${stackBaseUrl()}/${shopUrl}/${shortCode}`);
    // Another product code in the owner's own shop is still unknown.
    expect((await served(`/url/shop/${shopUrl}/${shortCode}x/qr.png`, owner)).status).toBe(404);
    // A token that is not valid is told so (the dashboard then refreshes its session).
    const forged = await served(`/shop/${shopUrl}/qr.png`, undefined, {
      authorization: 'Bearer not-a-token',
    });
    expect(forged.status).toBe(401);
  });

  it('is cached by browsers for long and revalidated by its ETag', async () => {
    const { shopUrl } = await shopOwner(true);
    const first = await served(`/shop/${shopUrl}/qr.png?size=1024`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await served(`/shop/${shopUrl}/qr.png?size=1024`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const revalidated = await served(`/shop/${shopUrl}/qr.png?size=1024`, undefined, {
      'if-none-match': etag!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    // Another size is another picture.
    const small = await served(`/shop/${shopUrl}/qr.png?size=256`);
    expect(small.headers.get('etag')).not.toBe(etag);
    const svg = await served(`/shop/${shopUrl}/qr.svg`);
    expect(svg.headers.get('cache-control')).toBe('public, max-age=31536000');
    expect(svg.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });
});
