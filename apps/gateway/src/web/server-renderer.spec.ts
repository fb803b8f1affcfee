import { type EmbeddedPublicData, SERVER_RENDERER_FILE } from '@kartlink/contracts';
import { createLogger } from '@kartlink/server-kit';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PublicPageRenderer } from './server-renderer';

// A stand-in for the web app's server build: it says what it rendered, counts its renders,
// and fails for a shop named "broken".
const BUILD = `
let renders = 0;
exports.renders = () => renders;
exports.renderPublicPage = async (path, data) => {
  renders += 1;
  if (data.shop.data.shopName === 'broken') throw new Error('cannot render');
  return '<main>' + path + ' ' + data.shop.data.shopName + ' #' + renders + '</main>';
};`;

let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'kartlink-renderer-'));
  mkdirSync(dirname(join(dist, SERVER_RENDERER_FILE)), { recursive: true });
  writeFileSync(join(dist, SERVER_RENDERER_FILE), BUILD);
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const logger = createLogger('gateway', 'silent');
const shopPage = (shopName: string, products: unknown[] = []): EmbeddedPublicData => ({
  shop: { shopUrl: 'meera', data: { shopName } as never },
  products: { shopUrl: 'meera', data: products as never },
});

describe('the public pages’ server renderer', () => {
  it('is absent from a build without it', () => {
    expect(PublicPageRenderer.load(join(dist, 'nowhere'), logger)).toBeUndefined();
  });

  it('renders a page at its shop’s own address once per version of its data', async () => {
    const renderer = PublicPageRenderer.load(dist, logger)!;
    const data = shopPage('Meera');
    const page = { kind: 'shop', shopUrl: 'meera' } as const;
    const first = await renderer.render(page, data);
    expect(first).toMatch(/^<main>\/meera Meera #\d+<\/main>$/);
    // The same cache entries: the same HTML, not rendered again.
    expect(await renderer.render(page, { ...data })).toBe(first);
    // A changed entry (a new products list) is rendered anew.
    const changed = await renderer.render(page, { ...data, products: shopPage('Meera').products });
    expect(changed).not.toBe(first);
    expect(changed).toMatch(/^<main>\/meera Meera #\d+<\/main>$/);
  });

  it('leaves a page it cannot render to the browser, and tries that version once', async () => {
    const warn = jest.fn();
    const renderer = PublicPageRenderer.load(dist, { ...logger, warn } as never)!;
    const data = shopPage('broken');
    const page = { kind: 'product', shopUrl: 'meera', shortCode: 'k3x9' } as const;
    const withProduct = {
      shop: data.shop,
      product: { shopUrl: 'meera', shortCode: 'k3x9', data: {} as never },
    };
    expect(await renderer.render(page, withProduct)).toBe('');
    expect(await renderer.render(page, withProduct)).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe('public page left to the browser to render');
  });
});
