import {
  EMBEDDED_DATA_ID,
  type EmbeddedPublicData,
  type PublicProduct,
  type PublicShop,
} from '@kartlink/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';
import { embeddedDataOf, seedEmbeddedData } from './embedded-data';

const SHOP = 'GET /shop/meera-finds';
const PRODUCTS = 'GET /shop/meera-finds/urls';
const PRODUCT = 'GET /url/shop/meera-finds/k3x9pqr';

// As the API answers them (null fields, a product hidden from the shop), not trimmed for the test.
const shop: PublicShop = testShop({
  shopName: 'Meera Finds',
  socialMedia: { instagram: 'https://instagram.com/meerafinds' },
});
const kurta: PublicProduct = testProduct();
const hidden: PublicProduct = testProduct({
  id: 'a1b2c3d4-0000-4000-8000-000000000009',
  shortCode: 'hidden1',
  title: 'Not for the shop',
  showOnShop: false,
});

/** The page as the gateway writes it: the script of EMBEDDED_DATA_ID holding `content`. */
function embed(content: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = EMBEDDED_DATA_ID;
  script.textContent = content;
  document.body.append(script);
}

const json = (data: EmbeddedPublicData) => JSON.stringify(data);

/** The app as main.tsx starts it: seeded from the page, then rendered. */
const openPage = (path: string) =>
  renderApp(path, {
    beforeRender: (store) => seedEmbeddedData(store.dispatch, embeddedDataOf(document)),
  });

/** Lets every effect and every call the first render started run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

const api = () =>
  mockApi({ [SHOP]: ok(shop), [PRODUCTS]: ok([kurta, hidden]), [PRODUCT]: ok(kurta) });

afterEach(() => {
  document.getElementById(EMBEDDED_DATA_ID)?.remove();
});

describe('a public page opened with its data in the HTML', () => {
  it('shows the shop and its products with no API call, and does not refetch them', async () => {
    const calls = api();
    embed(
      json({
        shop: { shopUrl: 'meera-finds', data: shop },
        products: { shopUrl: 'meera-finds', data: [kurta, hidden] },
      }),
    );
    openPage('/meera-finds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Finds' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Block-print cotton kurta' }),
    ).toBeVisible();
    // The same transform as a fetched answer: a product hidden from the shop stays hidden.
    expect(screen.queryByText('Not for the shop')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading shop' })).not.toBeInTheDocument();
    await settle();
    expect(calls.callsTo(SHOP)).toHaveLength(0);
    expect(calls.callsTo(PRODUCTS)).toHaveLength(0);
  });

  it('shows a product with its shop in the breadcrumb with no API call', async () => {
    const calls = api();
    embed(
      json({
        shop: { shopUrl: 'meera-finds', data: shop },
        product: { shopUrl: 'meera-finds', shortCode: 'k3x9pqr', data: kurta },
      }),
    );
    // The address as shared, in capitals: the pages ask with the lower-cased arguments.
    openPage('/Meera-Finds/K3X9PQR');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Meera Finds' })).toHaveAttribute(
      'href',
      '/meera-finds',
    );
    expect(screen.queryByRole('status', { name: 'Loading product' })).not.toBeInTheDocument();
    await settle();
    expect(calls.callsTo(PRODUCT)).toHaveLength(0);
    expect(calls.callsTo(SHOP)).toHaveLength(0);
  });

  it('fetches as usual when the page has no data', async () => {
    const calls = api();
    openPage('/meera-finds/k3x9pqr');
    expect(await screen.findByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' }),
    ).toBeVisible();
    expect(calls.callsTo(PRODUCT)).toHaveLength(1);
  });

  it('ignores data that is not JSON', async () => {
    const calls = api();
    embed('{"product": {"shopUrl": "meera-finds", "shortCode": ');
    openPage('/meera-finds/k3x9pqr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' }),
    ).toBeVisible();
    expect(calls.callsTo(PRODUCT)).toHaveLength(1);
  });

  it('leaves out a part that does not read as its answer, and uses the rest', async () => {
    const calls = api();
    const { stores: _stores, ...withoutStores } = kurta;
    embed(
      JSON.stringify({
        shop: { shopUrl: 'meera-finds', data: shop },
        product: { shopUrl: 'meera-finds', shortCode: 'k3x9pqr', data: withoutStores },
      }),
    );
    openPage('/meera-finds/k3x9pqr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' }),
    ).toBeVisible();
    await settle();
    expect(calls.callsTo(PRODUCT)).toHaveLength(1);
    expect(calls.callsTo(SHOP)).toHaveLength(0);
  });
});
