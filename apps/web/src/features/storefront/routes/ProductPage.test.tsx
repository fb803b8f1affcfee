import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, mockApi, networkDown, ok } from '../../../test/mock-api';
import { passTime } from '../../../test/clock';
import { renderApp } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';

const PRODUCT_PATH = 'GET /url/shop/meera-finds/k3x9pqr';
const kurta = testProduct({
  imageUrl: '/images/kurta-1.jpg',
  productDetails: {
    ...testProduct().productDetails,
    images: ['/images/kurta-1.jpg', '/images/kurta-2.jpg', '/images/kurta-3.jpg'],
  },
});

function mockProduct(product: Handler = ok(kurta)) {
  return mockApi({
    'GET /shop/meera-finds': ok(testShop()),
    [PRODUCT_PATH]: product,
  });
}

const sheet = () => screen.findByRole('dialog', { name: 'Choose Favourite App' });
const productHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'Block-print cotton kurta' });

let sendBeacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('the Amazon Associates disclosure', () => {
  it("shows at the page's foot when the shop earns on Amazon", async () => {
    mockApi({
      'GET /shop/meera-finds': ok(testShop({ amazonDisclosure: true })),
      [PRODUCT_PATH]: ok(kurta),
    });
    renderApp('/meera-finds/k3x9pqr');
    expect(
      await screen.findByText(
        /^Meera Finds is a participant in the Amazon Associates Program, an affiliate advertising program designed to provide a means for sites to earn advertising fees by advertising and linking to Amazon\.in\./,
      ),
    ).toBeInTheDocument();
  });

  it('is not shown otherwise', async () => {
    mockProduct();
    renderApp('/meera-finds/k3x9pqr');
    await productHeading();
    await screen.findByRole('link', { name: 'Meera Finds' });
    expect(screen.queryByText(/Amazon Associates/)).not.toBeInTheDocument();
  });
});

describe('a public product page', () => {
  it('shows the breadcrumb, pictures, title, price and description', async () => {
    mockProduct();
    renderApp('/meera-finds/k3x9pqr');
    expect(await productHeading()).toBeInTheDocument();

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Meera Finds' })).toHaveAttribute(
      'href',
      '/meera-finds',
    );
    expect(within(breadcrumb).getByText('Block-print cotton kurta')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('₹1,299')).toBeInTheDocument();
    expect(screen.getByText('Hand block-printed in Jaipur')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Show picture/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show Options' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Block-print cotton kurta · Meera Finds'));
  });

  it('shows a skeleton while the product loads', async () => {
    // The answer waits until the skeleton has been seen: an instant one could come first.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockProduct(() => answered.then(() => ok(kurta)));
    renderApp('/meera-finds/k3x9pqr');
    expect(await screen.findByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    answer();
    expect(await productHeading()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading product' })).toBeNull();
  });

  it('asks for the product in lower case, as the API keeps it', async () => {
    const api = mockProduct();
    renderApp('/Meera-Finds/K3X9PQR');
    expect(await productHeading()).toBeInTheDocument();
    expect(api.callsTo(PRODUCT_PATH)).toHaveLength(1);
  });

  it('opens the pictures large, with previous and next', async () => {
    mockProduct();
    const { user } = renderApp('/meera-finds/k3x9pqr');
    await productHeading();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /Enlarge/ }));
    const lightbox = screen.getByRole('dialog', { name: 'Block-print cotton kurta: pictures' });
    expect(within(lightbox).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(lightbox).getByRole('button', { name: 'Previous picture' }));
    expect(within(lightbox).getByText('3 / 3')).toBeInTheDocument();
  });
});

describe("the 'Choose Favourite App' sheet", () => {
  it('is open when the page opens, WhatsApp last', async () => {
    mockProduct();
    renderApp('/meera-finds/k3x9pqr');
    const options = within(await sheet()).getAllByRole('link');
    expect(options.map((option) => within(option).getByText(/^Buy on/).textContent)).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
  });

  it('closes, and opens again with Show Options', async () => {
    mockProduct();
    const { user } = renderApp('/meera-finds/k3x9pqr');
    await user.click(within(await sheet()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const showOptions = screen.getByRole('button', { name: 'Show Options' });
    expect(showOptions).toHaveFocus();

    await user.click(showOptions);
    expect(await sheet()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links each store to its tracked redirect with the tap proof, and reports nothing itself', async () => {
    mockProduct();
    renderApp('/meera-finds/k3x9pqr');
    const links = within(await sheet()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/meera-finds/k3x9pqr/go/amazon?t=tap-proof-1',
      '/meera-finds/k3x9pqr/go/flipkart?t=tap-proof-1',
      '/meera-finds/k3x9pqr/go/whatsapp?t=tap-proof-1',
    ]);
    // jsdom cannot navigate: the click is stopped once the page has seen it.
    const stop = (event: Event) => event.preventDefault();
    window.addEventListener('click', stop);
    fireEvent.click(links[0]);
    window.removeEventListener('click', stop);
    // The page's own view only: the redirect counts the click.
    expect(sendBeacon.mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:3000/api/analytics/track-shop/meera-finds',
    ]);
  });

  it("puts the owner's pinned store first", async () => {
    mockProduct(ok({ ...kurta, defaultStore: 'flipkart' }));
    renderApp('/meera-finds/k3x9pqr');
    const options = within(await sheet()).getAllByRole('link');
    expect(options.map((option) => within(option).getByText(/^Buy on/).textContent)).toEqual([
      'Buy on Flipkart',
      'Buy on Amazon',
      'Buy on WhatsApp',
    ]);
  });

  it("offers the way out of Instagram's browser above the stores", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android',
    );
    mockProduct();
    renderApp('/meera-finds/k3x9pqr');
    const open = await within(await sheet()).findByRole('link', { name: 'Open in browser' });
    expect(open.getAttribute('href')).toMatch(
      /^intent:\/\/localhost(:\d+)?\/meera-finds\/k3x9pqr#Intent;scheme=http;end$/,
    );
    // Above the stores, in reading order.
    const links = within(await sheet()).getAllByRole('link');
    expect(links[0]).toBe(open);
  });

  it('reads the product again for a fresh tap proof once the page has been open 20 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let served = 0;
      const api = mockProduct(() => ok({ ...kurta, tapToken: `proof-${(served += 1)}` }));
      renderApp('/meera-finds/k3x9pqr');
      const amazon = () =>
        within(screen.getByRole('dialog')).getByRole('link', { name: 'Buy on Amazon' });
      await sheet();
      expect(amazon()).toHaveAttribute('href', '/meera-finds/k3x9pqr/go/amazon?t=proof-1');

      await act(() => vi.advanceTimersByTimeAsync(19 * 60_000));
      expect(api.callsTo(PRODUCT_PATH)).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
      await waitFor(() =>
        expect(amazon()).toHaveAttribute('href', '/meera-finds/k3x9pqr/go/amazon?t=proof-2'),
      );
      expect(api.callsTo(PRODUCT_PATH)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'No Shopping Options Available' for a product without stores", async () => {
    mockProduct(ok({ ...kurta, stores: [] }));
    renderApp('/meera-finds/k3x9pqr');
    expect(within(await sheet()).getByText('No Shopping Options Available')).toBeInTheDocument();
  });
});

/** Lets the clock run through the data cache's retries of SPEC section 9 (1 s, 2 s). */
const throughRetries = () => passTime(1000 + 2000 + 500);

describe('a product that cannot be shown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [
      fail(404, 'This product link does not exist or has been removed.', 'NOT_FOUND'),
      'This product link does not exist or has been removed.',
    ],
    [
      fail(400, 'Bad request', 'BAD_REQUEST'),
      'Invalid request. Please check the link and try again.',
    ],
    [fail(403, 'This shop is private.', 'FORBIDDEN'), 'This shop is currently private'],
    [
      fail(500, 'Internal server error', 'INTERNAL_ERROR'),
      'There was a problem loading this product. Please try again later.',
    ],
    [
      fail(429, 'Too many requests', 'RATE_LIMITED'),
      'There was a problem loading this product. Please try again later.',
    ],
    [
      networkDown,
      'Unable to connect to the server. Please check your internet connection and try again.',
    ],
    [ok({ shortCode: 'k3x9pqr' }), 'Invalid response format from server.'],
  ])('%j says "%s"', async (reply, message) => {
    mockProduct(reply);
    renderApp('/meera-finds/k3x9pqr');
    await throughRetries();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Invalid URL parameters' for an address that cannot be a product, without asking", async () => {
    const api = mockProduct();
    renderApp('/meera-finds/not%20a%20code');
    expect(await screen.findByText('Invalid URL parameters')).toBeInTheDocument();
    expect(api.callsTo(PRODUCT_PATH)).toHaveLength(0);
  });

  it('says it cannot connect when the server takes longer than 3000 ms', async () => {
    const started = Date.now();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (request: Request) =>
          new Promise((_resolve, reject) => {
            request.signal.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            );
          }),
      ),
    );
    renderApp('/meera-finds/k3x9pqr');
    // Each of the 3 attempts waits 3000 ms, with 1 s and 2 s between them.
    await passTime(3000 + 1000 + 3000 + 2000 + 3000 + 500);
    expect(
      await screen.findByText(
        'Unable to connect to the server. Please check your internet connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(12_000);
  });

  it('tries again on request', async () => {
    let online = false;
    mockProduct(() => (online ? ok(kurta) : networkDown));
    const { user } = renderApp('/meera-finds/k3x9pqr');
    await throughRetries();
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    online = true;
    await user.click(tryAgain);
    expect(await productHeading()).toBeInTheDocument();
  });
});
