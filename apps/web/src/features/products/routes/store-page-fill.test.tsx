import { type StorePage, StorePageMessages } from '@kartlink/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, type Handler, mockApi, ok } from '../../../test/mock-api';
import { uploadedImage } from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';

const AMAZON = 'https://www.amazon.in/boAt-Rockerz-450/dp/B07PR1CL3S';

const amazonPage = (): StorePage => ({
  url: AMAZON,
  store: 'Amazon',
  title: 'boAt Rockerz 450 Bluetooth On Ear Headphones',
  description: 'Up to 15 hours of playback.',
  price: 1499,
  priceReadAt: '2026-11-28T10:15:00.000Z',
  brand: 'boAt',
  image: uploadedImage('img-1', '/api/shop/product-images/img-1'),
  notes: [],
});

async function openCreate(readPage: Handler) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'POST /urls': ok(testProduct()),
    'POST /urls/store-page': readPage,
  });
  const app = renderApp('/dashboard/create-link', { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Create a product link' });
  return { ...app, api };
}

const row = (n: number) => screen.getByLabelText(`Store link ${n}`);
const field = (label: string) => screen.getByLabelText(label);

describe('filling the product from a store page', () => {
  it('fills the details when a store address is pasted into a new link, and says what it read', async () => {
    const { user, api } = await openCreate(ok(amazonPage()));
    await user.click(row(1));
    await user.paste(AMAZON);
    expect(
      await screen.findByText(
        'Filled from Amazon: title, description, price (₹1,499 as of 28 Nov), brand and picture. Check them before saving.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /urls/store-page').map((call) => call.body)).toEqual([
      { url: AMAZON },
    ]);
    expect(field('Title')).toHaveValue('boAt Rockerz 450 Bluetooth On Ear Headphones');
    expect(field('Description (optional)')).toHaveValue('Up to 15 hours of playback.');
    expect(field('Price in ₹ (optional)')).toHaveValue('1,499');
    expect(field('Brand (optional)')).toHaveValue('boAt');
    const preview = screen.getByRole('figure', { name: 'Product card preview' });
    expect(preview.querySelector('img')?.getAttribute('src')).toContain(
      '/api/shop/product-images/img-1',
    );
  });

  it('saves a filled price with the date it was read', async () => {
    const { user, api } = await openCreate(ok(amazonPage()));
    await user.click(row(1));
    await user.paste(AMAZON);
    await screen.findByText(/^Filled from Amazon/);
    expect(screen.getByText('As of 28 Nov, from the store page')).toBeInTheDocument();
    await user.type(row(2), 'flipkart.com/p/itm1');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByText('Product link created');
    expect(api.callsTo('POST /urls')[0]?.body).toMatchObject({
      price: 1499,
      priceReadAt: '2026-11-28T10:15:00.000Z',
    });
  });

  it('keeps what the owner typed on a paste, and replaces it only when asked', async () => {
    const { user, api } = await openCreate(ok(amazonPage()));
    await user.type(field('Title'), 'My headphones');
    await user.click(row(1));
    await user.paste(AMAZON);
    expect(api.callsTo('POST /urls/store-page')).toHaveLength(0);
    expect(field('Title')).toHaveValue('My headphones');

    await user.click(screen.getByRole('button', { name: 'Fill from the Amazon page' }));
    await screen.findByText(/^Filled from Amazon/);
    expect(field('Title')).toHaveValue('boAt Rockerz 450 Bluetooth On Ear Headphones');
  });

  it('says why a page could not be read, and leaves the form as it was', async () => {
    const { user } = await openCreate(fail(422, StorePageMessages.timedOut, 'UNPROCESSABLE'));
    await user.type(row(1), 'flipkart.com/p/itm1');
    await user.click(screen.getByRole('button', { name: 'Fill from the Flipkart page' }));
    expect(await screen.findByText(StorePageMessages.timedOut)).toBeInTheDocument();
    expect(field('Title')).toHaveValue('');
  });

  it('offers nothing to read until a store page is given (a WhatsApp chat is none)', async () => {
    const { user } = await openCreate(ok(amazonPage()));
    const button = screen.getByRole('button', { name: 'Fill from a store page' });
    expect(button).toBeDisabled();
    await user.type(row(1), 'wa.me/919876543210');
    expect(button).toBeDisabled();
    await user.type(row(2), 'myntra.com/kurtas/1/buy');
    expect(screen.getByRole('button', { name: 'Fill from the Myntra page' })).toBeEnabled();
  });
});
