import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, testSession, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';

const kurta = testProduct();
const TRACK_SHOP = 'POST /analytics/track-shop/meera-finds';
const TRACK_CLICK = `POST /analytics/track/${kurta.id}`;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const FROM_WHATSAPP = 'https://web.whatsapp.com/';

function mockStorefront(routes: Record<string, Reply | (() => Reply | Promise<Reply>)> = {}) {
  return mockApi({
    'GET /shop/meera-finds': ok(testShop()),
    'GET /shop/meera-finds/urls': ok([kurta]),
    'GET /url/shop/meera-finds/k3x9pqr': ok(kurta),
    [TRACK_SHOP]: { status: 202, body: { success: true, data: { eventId: 'e1' } } },
    [TRACK_CLICK]: { status: 202, body: { success: true, data: { eventId: 'e2' } } },
    ...routes,
  });
}

const beaconBody = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(reader.result as string));
    reader.readAsText(blob);
  });

let sendBeacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(FROM_WHATSAPP);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('the visit beacon of a public shop', () => {
  it('goes out once the shop shows, with the time zone and referrer (the gateway reads the rest)', async () => {
    mockStorefront();
    renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 1, name: 'Meera Finds' });
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const [url, blob] = sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('http://localhost:3000/api/analytics/track-shop/meera-finds');
    expect(await beaconBody(blob)).toEqual({
      location: Intl.DateTimeFormat().resolvedOptions().timeZone,
      referrer: FROM_WHATSAPP,
    });
  });

  it("carries a signed-in owner's token, so that their own visits are left out", async () => {
    const api = mockStorefront();
    renderApp('/meera-finds', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Meera Finds' });
    await waitFor(() => expect(api.callsTo(TRACK_SHOP)).toHaveLength(1));
    expect(api.callsTo(TRACK_SHOP)[0].authorization).toBe('Bearer test-access-token');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('waits for a returning owner’s session before counting the visit', async () => {
    localStorage.setItem('auth-user', JSON.stringify(TEST_USER));
    let restore: (reply: Reply) => void = () => undefined;
    const api = mockStorefront({
      'POST /auth/refresh': () => new Promise<Reply>((resolve) => (restore = resolve)),
    });
    renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 1, name: 'Meera Finds' });
    await waitFor(() => expect(api.callsTo('POST /auth/refresh')).toHaveLength(1));
    expect(api.callsTo(TRACK_SHOP)).toHaveLength(0);
    expect(sendBeacon).not.toHaveBeenCalled();

    restore(ok(testSession()));
    await waitFor(() => expect(api.callsTo(TRACK_SHOP)).toHaveLength(1));
    expect(api.callsTo(TRACK_SHOP)[0].authorization).toBe('Bearer fresh-access-token');
  });
});

describe('the visit beacon of a product page', () => {
  it('counts a product link opened directly as a view of the shop, as the shop page does', async () => {
    mockStorefront();
    renderApp('/meera-finds/k3x9pqr');
    await screen.findByRole('heading', { level: 1, name: kurta.title });
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const [url, blob] = sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('http://localhost:3000/api/analytics/track-shop/meera-finds');
    expect(await beaconBody(blob)).toEqual({
      location: Intl.DateTimeFormat().resolvedOptions().timeZone,
      referrer: FROM_WHATSAPP,
    });
  });

  it('counts the shop page and then a product opened from it as two views', async () => {
    mockStorefront();
    const { user } = renderApp('/meera-finds');
    await screen.findByRole('heading', { level: 1, name: 'Meera Finds' });
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    await user.click(await screen.findByRole('link', { name: new RegExp(kurta.title) }));
    await screen.findByRole('heading', { level: 1, name: kurta.title });
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(2));
    expect(sendBeacon.mock.calls.map(([url]) => url)).toEqual([
      'http://localhost:3000/api/analytics/track-shop/meera-finds',
      'http://localhost:3000/api/analytics/track-shop/meera-finds',
    ]);
  });
});

describe('a store chosen on a product page', () => {
  it('sends no beacon or call of its own: its link goes through the redirect, which counts it', async () => {
    const api = mockStorefront();
    renderApp('/meera-finds/k3x9pqr');
    const sheet = await screen.findByRole('dialog', { name: 'Choose Favourite App' });
    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const flipkart = within(sheet).getByRole('link', { name: 'Buy on Flipkart' });
    expect(flipkart).toHaveAttribute('href', '/meera-finds/k3x9pqr/go/flipkart?t=tap-proof-1');

    // jsdom cannot navigate: the click is stopped once the page has seen it.
    const stop = (event: Event) => event.preventDefault();
    window.addEventListener('click', stop);
    fireEvent.click(flipkart);
    window.removeEventListener('click', stop);

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(api.callsTo(TRACK_CLICK)).toHaveLength(0);
  });
});
