import type { ProductBody } from '@kartlink/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, type Handler, mockApi, ok, type Reply } from '../../../test/mock-api';
import { imageFile, mockImageLoading } from '../../../test/mock-image';
import {
  created,
  deferred,
  mockUploads,
  uploadedImage,
  type UploadReply,
} from '../../../test/mock-upload';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_HOST, TEST_PUBLIC_URL } from '../../../test/public-url';

async function openCreate(reply: Reply = ok(testProduct()), quota?: Handler) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'POST /urls': reply,
    ...(quota ? { 'GET /urls/quota': quota } : {}),
  });
  const app = renderApp('/dashboard/create-link', { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Create a product link' });
  return { ...app, api };
}

const row = (n: number) => screen.getByLabelText(`Store link ${n}`);
const rowItem = (n: number) => row(n).closest('li')!;
const preview = () => screen.getByRole('figure', { name: 'Product card preview' });

describe('the store link rows', () => {
  it('start at 2, grow to 7 and shrink back, never under 2', async () => {
    const { user } = await openCreate();
    expect(screen.getAllByLabelText(/^Store link \d$/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove store link 1' })).toBeDisabled();
    expect(screen.getByText('2 of 7 stores')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: '+ Add store link' });
    for (let i = 0; i < 5; i += 1) await user.click(add);
    expect(screen.getAllByLabelText(/^Store link \d$/)).toHaveLength(7);
    expect(add).toBeDisabled();
    expect(screen.getByText('7 of 7 stores')).toBeInTheDocument();

    await user.type(row(3), 'myntra.com/3');
    await user.click(screen.getByRole('button', { name: 'Remove store link 2' }));
    expect(screen.getAllByLabelText(/^Store link \d$/)).toHaveLength(6);
    expect(row(2)).toHaveValue('myntra.com/3');
    expect(add).toBeEnabled();
  });

  it('names the store of each address as it is typed', async () => {
    const { user } = await openCreate();
    await user.type(row(1), 'https://www.amazon.in/dp/B0TEST');
    expect(within(rowItem(1)).getByText('Amazon')).toBeInTheDocument();
    await user.type(row(2), 'shop.handlooms.co.in/saree');
    expect(within(rowItem(2)).getByText('Handlooms')).toBeInTheDocument();
    expect(within(rowItem(2)).getByText('https://shop.handlooms.co.in/saree')).toBeInTheDocument();
  });

  it('strips javascript: from an address and sends it as https', async () => {
    const { user, api } = await openCreate();
    await user.type(row(1), 'javascript:flipkart.com/p/itm1');
    expect(within(rowItem(1)).getByText('Flipkart')).toBeInTheDocument();
    expect(within(rowItem(1)).getByText('https://flipkart.com/p/itm1')).toBeInTheDocument();
    await user.type(row(2), 'amazon.in/dp/B0TEST');
    await user.type(screen.getByLabelText('Title'), 'Ikat saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect((api.callsTo('POST /urls')[0]?.body as ProductBody).originalURLs).toEqual([
      'https://flipkart.com/p/itm1',
      'https://amazon.in/dp/B0TEST',
    ]);
  });
});

describe('creating a product', () => {
  it('says what is missing before sending anything', async () => {
    const { user, api } = await openCreate();
    await user.type(row(2), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(row(2)).toHaveAccessibleDescription('Store link 2 is not a valid http or https address');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Product title is required');

    await user.clear(row(2));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Please add at least 2 store links')).toBeInTheDocument();
    expect(api.callsTo('POST /urls')).toHaveLength(0);
  });

  it('draws the product card as it is typed', async () => {
    const { user } = await openCreate();
    await user.type(row(1), 'amazon.in/dp/1');
    await user.type(row(2), 'flipkart.com/p/2');
    await user.click(screen.getByRole('button', { name: '+ Add store link' }));
    await user.type(row(3), 'myntra.com/3');
    await user.type(screen.getByLabelText('Title'), 'Pochampally ikat saree');
    await user.type(screen.getByLabelText('Price in ₹ (optional)'), '2499');
    await user.type(screen.getByLabelText('Brand (optional)'), 'Asha Crafts');

    const card = within(preview());
    expect(card.getByText('Pochampally ikat saree')).toBeInTheDocument();
    expect(card.getByText('₹2,499')).toBeInTheDocument();
    expect(card.getByText('Asha Crafts')).toBeInTheDocument();
    expect(card.getByText('Amazon')).toBeInTheDocument();
    expect(card.getByText('Flipkart')).toBeInTheDocument();
    expect(card.getByText('+1')).toBeInTheDocument();
    expect(card.queryByText('Myntra')).not.toBeInTheDocument();
    expect(card.getByText('Buy Now')).toBeInTheDocument();
  });

  it('creates the link and offers it to copy', async () => {
    const { user, api } = await openCreate();
    await user.type(row(1), 'https://www.amazon.in/dp/B0TEST');
    await user.type(row(2), 'https://www.flipkart.com/p/itm1');
    await user.type(screen.getByLabelText('Title'), 'Pochampally ikat saree');
    await user.type(screen.getByLabelText('Price in ₹ (optional)'), '2,499');
    await user.type(screen.getByLabelText('Custom short code (optional)'), 'Ikat-Saree');
    // The address the server will give the link, not the one the browser shows.
    expect(screen.getByText(`${TEST_PUBLIC_HOST}/asha-crafts/`)).toBeInTheDocument();
    expect(screen.getByText(`${TEST_PUBLIC_URL}/asha-crafts/ikat-saree`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    expect(await screen.findByRole('heading', { name: 'Your link is ready' })).toBeInTheDocument();
    expect(screen.getByText('Product link created')).toBeInTheDocument();
    expect(api.callsTo('POST /urls')[0]?.body).toEqual({
      title: 'Pochampally ikat saree',
      price: 2499,
      shortCode: 'ikat-saree',
      originalURLs: ['https://www.amazon.in/dp/B0TEST', 'https://www.flipkart.com/p/itm1'],
      showOnShop: true,
    });
    expect(screen.getByRole('link', { name: testProduct().shortUrl })).toHaveAttribute(
      'href',
      testProduct().shortUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy short link' }));
    expect(await navigator.clipboard.readText()).toBe(testProduct().shortUrl);

    await user.click(screen.getByRole('button', { name: 'Create another' }));
    expect(row(1)).toHaveValue('');
  });

  it('says the free plan is full before the form is filled', async () => {
    await openCreate(undefined, ok({ used: 25, limit: 25 }));
    const full = await screen.findByRole('region', { name: 'Your free plan is full' });
    expect(full).toHaveTextContent(
      '25 of 25 products used. Upgrade to Premium for unlimited products',
    );
    expect(within(full).getByRole('link', { name: 'See Premium' })).toHaveAttribute(
      'href',
      '/dashboard/pricing',
    );
    expect(within(full).getByRole('link', { name: 'Manage my links' })).toHaveAttribute(
      'href',
      '/dashboard/links',
    );
    // Above the form, where a phone shows it first.
    expect(
      full.compareDocumentPosition(screen.getByRole('form', { name: 'Product link' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows how many products the free plan has left while there is room', async () => {
    await openCreate(undefined, ok({ used: 3, limit: 25 }));
    expect(await screen.findByText('3 of 25')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Products on the free plan' })).toHaveValue(3);
    expect(screen.queryByRole('region', { name: 'Your free plan is full' })).toBeNull();
  });

  it('brings the Premium offer into view and focus when the save is refused for the limit', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    let quotaReads = 0;
    const { user, router, api } = await openCreate(
      fail(403, 'Upgrade to Premium for unlimited products', 'PRODUCT_LIMIT_EXCEEDED'),
      // The counts were read before another device filled the plan.
      () => {
        quotaReads += 1;
        return ok({ used: quotaReads === 1 ? 24 : 25, limit: 25 });
      },
    );
    expect(await screen.findByText('24 of 25')).toBeInTheDocument();
    await user.type(row(1), 'amazon.in/dp/1');
    await user.type(row(2), 'flipkart.com/p/2');
    await user.type(screen.getByLabelText('Title'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const upsell = await screen.findByRole('alert');
    expect(upsell).toHaveTextContent('Upgrade to Premium for unlimited products');
    await vi.waitFor(() => expect(upsell).toHaveFocus());
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    // The counts are read again, and what was typed is still there.
    expect(api.callsTo('GET /urls/quota')).toHaveLength(2);
    expect(upsell).toHaveTextContent('25 of 25 products used.');
    expect(screen.getByLabelText('Title')).toHaveValue('One too many');
    await user.click(within(upsell).getByRole('link', { name: 'See Premium' }));
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(router.state.location.pathname).toBe('/dashboard/pricing');
  });

  it('shows a taken short code on its field', async () => {
    const taken = 'This short code is already used in your shop. Please choose another.';
    const { user } = await openCreate(
      fail(400, taken, 'VALIDATION_ERROR', [{ path: 'shortCode', msg: taken }]),
    );
    await user.type(row(1), 'amazon.in/dp/1');
    await user.type(row(2), 'flipkart.com/p/2');
    await user.type(screen.getByLabelText('Title'), 'Saree');
    await user.type(screen.getByLabelText('Custom short code (optional)'), 'saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Custom short code (optional)')).toHaveFocus();
  });

  it('says when links are made too quickly', async () => {
    const tooFast = 'You are creating links too quickly. Please wait a moment and try again.';
    const { user } = await openCreate(fail(429, tooFast, 'RATE_LIMITED'));
    await user.type(row(1), 'amazon.in/dp/1');
    await user.type(row(2), 'flipkart.com/p/2');
    await user.type(screen.getByLabelText('Title'), 'Saree');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tooFast);
  });
});

describe("a new product's pictures", () => {
  beforeEach(() => {
    mockImageLoading();
  });

  /** Fills what a link needs besides pictures. */
  async function fillProduct(user: ReturnType<typeof renderApp>['user']) {
    await user.type(row(1), 'amazon.in/dp/1');
    await user.type(row(2), 'flipkart.com/p/2');
    await user.type(screen.getByLabelText('Title'), 'Ikat saree');
  }

  const pictures = () => screen.queryByRole('list', { name: 'Pictures' });
  const pictureSources = () =>
    within(pictures()!)
      .getAllByRole('img')
      .map((image) => image.getAttribute('src'));

  it('are uploaded as product images, put in order, and the first is sent as the cover', async () => {
    let next = 0;
    const uploads = mockUploads({
      'POST /photos/upload': () => {
        next += 1;
        return created(uploadedImage(`img-${next}`, `/api/shop/product-images/img-${next}`));
      },
    });
    const { user, api } = await openCreate();
    await fillProduct(user);
    const front = imageFile('front.jpg', 'image/jpeg');
    const back = imageFile('back.jpg', 'image/jpeg');
    await user.upload(screen.getByLabelText('Picture files'), [front, back]);

    await vi.waitFor(() => expect(pictureSources()).toHaveLength(2));
    expect(uploads.calls.map((c) => c.fields)).toEqual([
      { image: [front], type: ['product'] },
      { image: [back], type: ['product'] },
    ]);
    // Grids load the small versions of our own images.
    expect(pictureSources()).toEqual([
      '/api/shop/product-images/img-1/thumbnail',
      '/api/shop/product-images/img-2/thumbnail',
    ]);
    expect(within(pictures()!).getAllByRole('listitem')[0]).toHaveTextContent('Cover');

    await user.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    expect(pictureSources()).toEqual([
      '/api/shop/product-images/img-2/thumbnail',
      '/api/shop/product-images/img-1/thumbnail',
    ]);
    expect(screen.getByRole('button', { name: 'Move picture 1' })).toHaveFocus();
    // The card drawn beside the form shows the cover.
    expect(preview().querySelector('img')).toHaveAttribute(
      'src',
      '/api/shop/product-images/img-2/thumbnail',
    );

    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(api.callsTo('POST /urls')[0]?.body).toMatchObject({
      imageUrl: '/api/shop/product-images/img-2',
      images: ['/api/shop/product-images/img-2', '/api/shop/product-images/img-1'],
    });
  });

  it('can be moved with the arrow keys and removed, an uploaded one being deleted', async () => {
    mockUploads({
      'POST /photos/upload': created(uploadedImage('img-1', '/api/shop/product-images/img-1')),
    });
    const { user, api } = await openCreate();
    api.calls.length = 0;
    await user.type(
      screen.getByLabelText('Or add a picture by its address'),
      'https://images.example.com/a.jpg{Enter}',
    );
    await user.upload(screen.getByLabelText('Picture files'), imageFile('b.png', 'image/png'));
    await vi.waitFor(() => expect(pictureSources()).toHaveLength(2));

    screen.getByRole('button', { name: 'Move picture 2' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(pictureSources()).toEqual([
      '/api/shop/product-images/img-1/thumbnail',
      'https://images.example.com/a.jpg',
    ]);
    expect(screen.getByRole('button', { name: 'Move picture 1' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    expect(pictureSources()).toEqual(['https://images.example.com/a.jpg']);
    await vi.waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /photos/img-1'),
    );
  });

  it('waits for uploads before creating the link', async () => {
    const answer = deferred<UploadReply>();
    mockUploads({ 'POST /photos/upload': () => answer.promise });
    const { user, api } = await openCreate();
    await fillProduct(user);
    await user.upload(screen.getByLabelText('Picture files'), imageFile('a.png', 'image/png'));
    await screen.findByRole('progressbar', { name: 'Uploading a.png' });
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(
      screen.getByText('Please wait until the pictures have finished uploading.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /urls')).toHaveLength(0);
    answer.resolve(created(uploadedImage('img-1', '/api/shop/product-images/img-1')));
    await vi.waitFor(() => expect(pictureSources()).toHaveLength(1));
  });

  it('refuses an address that is not a web address', async () => {
    const { user } = await openCreate();
    await user.type(
      screen.getByLabelText('Or add a picture by its address'),
      'ftp://x.example/a.jpg',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('Or add a picture by its address')).toHaveAccessibleDescription(
      'Image address must start with http:// or https://',
    );
    expect(pictures()).not.toBeInTheDocument();
  });
});
