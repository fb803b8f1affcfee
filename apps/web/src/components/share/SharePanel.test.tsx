import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusOf, testProduct, testShop } from '../../test/fixtures';
import { captureDownloads, textOf } from '../../test/downloads';
import { file, mockApi, ok } from '../../test/mock-api';
import { TEST_PUBLIC_URL } from '../../test/public-url';
import { renderApp, TEST_ACCESS_TOKEN, TEST_USER } from '../../test/render-app';

const SHOP_ADDRESS = `${TEST_PUBLIC_URL}/asha-crafts`;
const IMAGE_ID = '5c1f3a52-8a47-4a8e-9f43-0d3e8d1b7a10';
const SAREE = testProduct({
  imageUrl: `/api/shop/product-images/${IMAGE_ID}`,
  productDetails: {
    ...testProduct().productDetails,
    images: [`/api/shop/product-images/${IMAGE_ID}`],
  },
});
const PRODUCT_ADDRESS = `${SHOP_ADDRESS}/${SAREE.shortCode}`;
const QR_PNG = '\u0089PNG-the-code';

function serve(shop = testShop()) {
  return mockApi({
    'GET /shop/status': ok(statusOf(shop)),
    'GET /shop/user/profile': ok(shop),
    'GET /urls': ok({ items: [SAREE], total: 1, page: 1, limit: 5 }),
    [`GET /urls/${SAREE.id}`]: ok(SAREE),
    'GET /shop/asha-crafts/qr.png': file(QR_PNG, 'image/png', 'asha-crafts-qr.png'),
    'GET /shop/asha-crafts/qr.svg': file('<svg/>', 'image/svg+xml', 'asha-crafts-qr.svg'),
    [`GET /url/shop/asha-crafts/${SAREE.shortCode}/qr.png`]: file(
      QR_PNG,
      'image/png',
      `asha-crafts-${SAREE.shortCode}-qr.png`,
    ),
  });
}

async function openShopShare(shop = testShop()) {
  const api = serve(shop);
  const app = renderApp('/dashboard', { user: TEST_USER });
  await app.user.click(await screen.findByRole('button', { name: 'Share shop' }));
  const dialog = await screen.findByRole('dialog', { name: `Share ${shop.shopName}` });
  return { ...app, api, dialog };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  vi.restoreAllMocks();
});

describe('the share panel', () => {
  it("copies the shop's link and offers the chat apps' share pages with the words filled in", async () => {
    const { user, dialog } = await openShopShare();
    expect(within(dialog).getByRole('link', { name: SHOP_ADDRESS })).toHaveAttribute(
      'href',
      SHOP_ADDRESS,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(SHOP_ADDRESS);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    const encoded = 'https%3A%2F%2Fkartlink.in%2Fasha-crafts';
    const app = (name: string) =>
      within(dialog).getByRole('link', { name: `${name} (opens in a new tab)` });
    expect(app('WhatsApp')).toHaveAttribute(
      'href',
      `https://wa.me/?text=Asha%20Crafts%20${encoded}`,
    );
    expect(app('X')).toHaveAttribute(
      'href',
      `https://x.com/intent/post?url=${encoded}&text=Asha%20Crafts`,
    );
    expect(app('Telegram')).toHaveAttribute(
      'href',
      `https://t.me/share/url?url=${encoded}&text=Asha%20Crafts`,
    );
    for (const name of ['WhatsApp', 'X', 'Telegram']) {
      expect(app(name)).toHaveAttribute('target', '_blank');
    }
    // A browser without a share sheet is offered none.
    expect(within(dialog).queryByRole('button', { name: 'More apps…' })).toBeNull();
  });

  it("opens the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user, dialog } = await openShopShare();
    await user.click(within(dialog).getByRole('button', { name: 'More apps…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Asha Crafts',
      text: 'Asha Crafts',
      url: SHOP_ADDRESS,
    });
  });

  it('previews the link as a chat shows it, from the head the server writes', async () => {
    const { dialog } = await openShopShare(
      testShop({
        seo: { ogTitle: 'Asha Crafts: handloom from Pochampally', ogDescription: 'New stoles.' },
      }),
    );
    const preview = within(dialog).getByRole('figure', { name: 'Link preview' });
    expect(within(preview).getByText('Asha Crafts: handloom from Pochampally')).toBeVisible();
    expect(within(preview).getByText('New stoles.')).toBeVisible();
    expect(within(preview).getByText('kartlink.in')).toBeVisible();
    // The shop photo is elsewhere: the generated card with the shop's name.
    const card = within(preview).getByRole('img', { name: 'Asha Crafts' });
    expect(card.getAttribute('src')).toMatch(
      /^https:\/\/kartlink\.in\/api\/shop\/asha-crafts\/card\?v=[0-9a-z]+$/,
    );
  });

  it('shows and downloads the QR code with the session, and closes with Escape', async () => {
    const { user, dialog, api } = await openShopShare();
    const qr = await within(dialog).findByRole('img', { name: `QR code of ${SHOP_ADDRESS}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(api.callsTo('GET /shop/asha-crafts/qr.png')[0]).toMatchObject({
      path: '/shop/asha-crafts/qr.png?size=256&download=1',
      authorization: `Bearer ${TEST_ACCESS_TOKEN}`,
    });

    const downloads = captureDownloads();
    await user.click(within(dialog).getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo('GET /shop/asha-crafts/qr.svg')[0].path).toBe(
      '/shop/asha-crafts/qr.svg?size=1024&download=1',
    );
    expect(downloads[0].name).toBe('asha-crafts-qr.svg');
    expect(downloads[0].blob.type).toBe('image/svg+xml');
    expect(await textOf(downloads[0].blob)).toBe('<svg/>');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share shop' })).toHaveFocus();
  });

  it("shares a product link with the product's own preview and QR code", async () => {
    serve();
    const { user } = renderApp(`/dashboard/link/${SAREE.id}`, { user: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: `Share ${SAREE.title}` });
    expect(within(dialog).getByRole('link', { name: PRODUCT_ADDRESS })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: 'WhatsApp (opens in a new tab)' }),
    ).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${SAREE.title} ${PRODUCT_ADDRESS}`)}`,
    );
    const preview = within(dialog).getByRole('figure', { name: 'Link preview' });
    expect(within(preview).getByText(SAREE.title)).toBeVisible();
    expect(within(preview).getByText('Pure cotton, handwoven, with blouse piece.')).toBeVisible();
    // The product's own picture: its share card.
    expect(within(preview).getByRole('img', { name: SAREE.title })).toHaveAttribute(
      'src',
      `${TEST_PUBLIC_URL}/api/shop/product-images/${IMAGE_ID}/card`,
    );
    expect(
      await within(dialog).findByRole('img', { name: `QR code of ${PRODUCT_ADDRESS}` }),
    ).toBeInTheDocument();
  });
});
