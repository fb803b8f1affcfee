import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, networkDown, ok } from '../../../test/mock-api';
import { passTime } from '../../../test/clock';
import { renderApp } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';

const kurta = testProduct();
const diya = testProduct({
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  shortCode: 'diya001',
  title: 'Brass diya set of 4',
  imageUrl: '/images/diya.jpg',
  productDetails: {
    ...testProduct().productDetails,
    images: ['/images/diya.jpg', '/images/diya-2.jpg'],
  },
});
const hidden = testProduct({
  id: 'hidden',
  shortCode: 'hidden1',
  title: 'Not for the shop',
  showOnShop: false,
});

function mockShop(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /shop/meera-finds': ok(testShop()),
    'GET /shop/meera-finds/urls': ok([diya, kurta, hidden]),
    ...routes,
  });
}

const shopHeading = () => screen.findByRole('heading', { level: 1, name: 'Meera Finds' });

describe('a public shop', () => {
  it('asks no session of a visitor who never signed in here', async () => {
    const api = mockShop();
    renderApp('/meera-finds');
    expect(await shopHeading()).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Block-print cotton kurta' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/auth'))).toEqual([]);
  });

  it('shows a skeleton, then the shop, its products and the Created with link', async () => {
    mockShop();
    renderApp('/meera-finds');
    expect(await screen.findByRole('status', { name: 'Loading shop' })).toBeInTheDocument();

    expect(await shopHeading()).toBeInTheDocument();
    expect(screen.getByText('Handpicked home decor and gifts')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Brass diya set of 4' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Block-print cotton kurta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Created with\s*Kartlink/ })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('region', { name: 'Shop banners' })).not.toBeInTheDocument();
  });

  it('shows only the products meant for the shop, newest first as they come', async () => {
    mockShop();
    renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 3, name: 'Brass diya set of 4' });
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Brass diya set of 4', 'Block-print cotton kurta']);
    expect(screen.queryByText('Not for the shop')).not.toBeInTheDocument();
  });

  it('names the tab after the shop and counts the visit once', async () => {
    const api = mockShop();
    renderApp('/meera-finds');
    await shopHeading();
    await waitFor(() => expect(document.title).toBe('Meera Finds · Kartlink'));
    const visits = api.callsTo('POST /analytics/track-shop/meera-finds');
    expect(visits).toHaveLength(1);
    expect(visits[0].body).toEqual({
      location: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('reads the address the way the API does, in lower case', async () => {
    const api = mockShop();
    renderApp('/Meera-Finds');
    expect(await shopHeading()).toBeInTheDocument();
    expect(api.callsTo('GET /shop/meera-finds')).toHaveLength(1);
  });

  it.each(['/shop/meera-finds', '/open/meera-finds'])('is also at %s', async (path) => {
    mockShop();
    renderApp(path);
    expect(await shopHeading()).toBeInTheDocument();
  });

  it("says 'No Products Yet' when it has none", async () => {
    mockShop({ 'GET /shop/meera-finds/urls': ok([hidden]) });
    renderApp('/meera-finds');
    expect(await screen.findByRole('heading', { name: 'No Products Yet' })).toBeInTheDocument();
  });

  it('opens a product from its card', async () => {
    mockShop({ 'GET /url/shop/meera-finds/k3x9pqr': ok(kurta) });
    const { router, user } = renderApp('/meera-finds');
    const card = (
      await screen.findByRole('heading', { level: 3, name: 'Block-print cotton kurta' })
    ).closest('article')!;
    await user.click(within(card).getByText('Buy Now'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/meera-finds/k3x9pqr');
    await waitFor(() => expect(document.title).toBe('Block-print cotton kurta · Meera Finds'));

    // Back on the shop, from the cache at once: the tab is named after the shop again.
    await act(() => router.navigate(-1));
    expect(await shopHeading()).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Meera Finds · Kartlink'));
  });

  it("opens a product's pictures large from its image", async () => {
    mockShop();
    const { router, user } = renderApp('/meera-finds');
    await user.click(
      await screen.findByRole('button', { name: 'View pictures of Brass diya set of 4' }),
    );

    const lightbox = screen.getByRole('dialog', { name: 'Brass diya set of 4: pictures' });
    expect(within(lightbox).getByText('1 / 2')).toBeInTheDocument();
    await user.click(within(lightbox).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/meera-finds');
  });
});

describe('the Amazon Associates disclosure of a shop', () => {
  it('shows at the foot of the shop when the owner earns on Amazon, and not otherwise', async () => {
    mockShop({ 'GET /shop/meera-finds': ok(testShop({ amazonDisclosure: true })) });
    renderApp('/meera-finds');
    const disclosure = await screen.findByText(
      /^Meera Finds is a participant in the Amazon Associates Program, an affiliate advertising program designed to provide a means for sites to earn advertising fees by advertising and linking to Amazon\.in\. As an Amazon Associate, Meera Finds earns from qualifying purchases\.$/,
    );
    // After the products, in the page's footer area.
    const grid = await screen.findByRole('heading', { level: 3, name: 'Brass diya set of 4' });
    expect(
      grid.compareDocumentPosition(disclosure) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(disclosure.closest('footer')).not.toBeNull();
  });

  it('is absent from a shop without an Amazon tag', async () => {
    mockShop();
    renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 3, name: 'Brass diya set of 4' });
    expect(screen.queryByText(/Amazon Associates/)).not.toBeInTheDocument();
  });
});

describe("a shop's banners", () => {
  const banners = (enabled: boolean) => ({
    enabled,
    images: [
      { id: 'b2', url: '/api/banners/b2', alt: 'New arrivals', link: '', order: 1 },
      {
        id: 'b1',
        url: '/api/banners/b1',
        alt: 'Diwali sale',
        link: '/meera-finds/diya001',
        order: 0,
      },
    ],
  });

  it('rotate above the products, in the order the owner chose, each leading where it says', async () => {
    mockShop({ 'GET /shop/meera-finds': ok({ ...testShop(), banners: banners(true) }) });
    const { user, router } = renderApp('/meera-finds');
    const carousel = await screen.findByRole('region', { name: 'Shop banners' });
    expect(within(carousel).getByRole('img', { name: 'Diwali sale' })).toHaveAttribute(
      'src',
      '/api/banners/b1',
    );
    await user.click(within(carousel).getByRole('link', { name: 'Diwali sale' }));
    expect(router.state.location.pathname).toBe('/meera-finds/diya001');
  });

  it('stay hidden while the owner has switched them off', async () => {
    mockShop({ 'GET /shop/meera-finds': ok({ ...testShop(), banners: banners(false) }) });
    renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 3, name: 'Brass diya set of 4' });
    expect(screen.queryByRole('region', { name: 'Shop banners' })).not.toBeInTheDocument();
  });
});

describe("the shop's lightbox", () => {
  it('shows the small version of our own pictures until the full one is there', async () => {
    const own = testProduct({
      id: 'own',
      shortCode: 'own0001',
      title: 'Brass lamp',
      imageUrl: '/api/shop/product-images/lamp-1',
      productDetails: {
        ...testProduct().productDetails,
        images: ['/api/shop/product-images/lamp-1', '/api/shop/product-images/lamp-2'],
      },
    });
    mockShop({ 'GET /shop/meera-finds/urls': ok([own]) });
    const { user } = renderApp('/meera-finds');
    const card = await screen.findByRole('button', { name: 'View pictures of Brass lamp' });
    expect(within(card).getByRole('img', { name: 'Brass lamp' })).toHaveAttribute(
      'src',
      '/api/shop/product-images/lamp-1/thumbnail',
    );
    await user.click(card);
    const lightbox = screen.getByRole('dialog', { name: 'Brass lamp: pictures' });
    const stage = lightbox.querySelector('.lightbox__stage')!;
    const sources = () =>
      Array.from(stage.querySelectorAll('img')).map((image) => image.getAttribute('src'));
    // Only the picture shown is asked for in full; its thumbnail comes first.
    expect(sources()).toEqual([
      '/api/shop/product-images/lamp-1/thumbnail',
      '/api/shop/product-images/lamp-1',
    ]);
    await user.click(within(lightbox).getByRole('button', { name: 'Next picture' }));
    expect(sources()).toEqual([
      '/api/shop/product-images/lamp-2/thumbnail',
      '/api/shop/product-images/lamp-2',
    ]);
  });
});

/** Lets the clock run through every retry of SPEC section 9 (1 s, 2 s, 4 s). */
const throughRetries = () => passTime(1000 + 2000 + 4000 + 500);

describe('a shop of many products', () => {
  const numbered = (n: number) =>
    testProduct({
      id: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
      shortCode: `p${n}`,
      title: `Product ${n}`,
    });
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => numbered(from + i));

  it('shows the first page, then each next page after the last product shown, until one is short', async () => {
    const api = mockShop({
      'GET /shop/meera-finds/urls': ({ path }) => {
        const after = new URL(path, 'http://x').searchParams.get('after');
        if (!after) return ok(range(1, 24));
        if (after.endsWith('000000000024')) return ok(range(25, 48));
        return ok(range(49, 50));
      },
    });
    const { user } = renderApp('/meera-finds');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Product 24' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Product 25' })).toBeNull();
    expect(api.callsTo('GET /shop/meera-finds/urls').map((call) => call.path)).toEqual([
      '/shop/meera-finds/urls?limit=24',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Product 48' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Product 50' }),
    ).toBeInTheDocument();
    // A short page is the last: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more products' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(50);
    expect(api.callsTo('GET /shop/meera-finds/urls').map((call) => call.path)).toEqual([
      '/shop/meera-finds/urls?limit=24',
      '/shop/meera-finds/urls?limit=24&after=a1b2c3d4-0000-4000-8000-000000000024',
      '/shop/meera-finds/urls?limit=24&after=a1b2c3d4-0000-4000-8000-000000000048',
    ]);
  });

  it('offers to try a failed page again', async () => {
    let failing = true;
    mockShop({
      'GET /shop/meera-finds/urls': ({ path }) => {
        if (!path.includes('after=')) return ok(range(1, 24));
        // Refused at once (a 4xx is not retried).
        return failing
          ? fail(400, 'after must be the id of a product of this shop', 'VALIDATION_ERROR')
          : ok(range(25, 26));
      },
    });
    const { user } = renderApp('/meera-finds');
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load shop products');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Product 26' }),
    ).toBeInTheDocument();
  });

  it('opens a product of a later page with what the grid showed while its own answer loads', async () => {
    mockShop({
      'GET /shop/meera-finds/urls': ({ path }) =>
        ok(path.includes('after=') ? range(25, 30) : range(1, 24)),
      // The product's own answer never comes: the page has only what the grid knew.
      'GET /url/shop/meera-finds/p30': () => new Promise<never>(() => undefined),
    });
    const { user } = renderApp('/meera-finds');
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));
    const card = await screen.findByRole('heading', { level: 3, name: 'Product 30' });
    await user.click(
      within(card.closest('article') ?? card.parentElement!).getAllByRole('link')[0]!,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product 30' }),
    ).toBeInTheDocument();
  });
});

describe('a shop that cannot be shown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Invalid shop URL' for an address that cannot be a shop, without asking the API", async () => {
    const api = mockShop();
    renderApp('/ab');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid shop URL' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/shop'))).toEqual([]);
  });

  it("says 'Shop not found' for a 404", async () => {
    mockShop({
      'GET /shop/meera-finds': fail(404, 'Shop not found', 'NOT_FOUND'),
      'GET /shop/meera-finds/urls': fail(404, 'Shop not found', 'NOT_FOUND'),
    });
    renderApp('/meera-finds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shop not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it("says 'Private Shop' when the answer mentions private", async () => {
    mockShop({
      'GET /shop/meera-finds': fail(403, 'This shop is private.', 'FORBIDDEN'),
      'GET /shop/meera-finds/urls': fail(403, 'This shop is private.', 'FORBIDDEN'),
    });
    renderApp('/meera-finds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Private Shop' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This shop is currently set to private mode by the owner.'),
    ).toBeInTheDocument();
  });

  it('says so when the network stays down through its retries, and tries again on request', async () => {
    let online = false;
    const api = mockShop({
      'GET /shop/meera-finds': () => (online ? ok(testShop()) : networkDown),
    });
    const { user } = renderApp('/meera-finds');
    await throughRetries();
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeInTheDocument();
    // The first call and SPEC section 9's 3 retries of the shop load.
    expect(api.callsTo('GET /shop/meera-finds')).toHaveLength(4);

    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await shopHeading()).toBeInTheDocument();
  });

  it.each([
    ['a server error', fail(500, 'Internal server error', 'INTERNAL_ERROR')],
    ['a refusal without private', fail(403, 'Forbidden', 'FORBIDDEN')],
    ['an answer that is not a shop', ok([])],
  ])("says 'Failed to load shop data.' for %s", async (_case, reply) => {
    mockShop({ 'GET /shop/meera-finds': reply });
    renderApp('/meera-finds');
    await throughRetries();
    expect(await screen.findByText('Failed to load shop data.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it("shows the shop with 'Failed to load shop products' when only its products fail", async () => {
    let up = false;
    const api = mockShop({
      'GET /shop/meera-finds/urls': () =>
        up ? ok([kurta]) : fail(503, 'Service unavailable', 'SERVICE_UNAVAILABLE'),
    });
    const { user } = renderApp('/meera-finds');
    expect(await shopHeading()).toBeInTheDocument();
    await throughRetries();
    // The first call and the data cache's 2 retries.
    expect(api.callsTo('GET /shop/meera-finds/urls')).toHaveLength(3);
    up = true;
    expect(
      await screen.findByRole('heading', { name: 'Failed to load shop products' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Block-print cotton kurta' }),
    ).toBeInTheDocument();
  });
});
