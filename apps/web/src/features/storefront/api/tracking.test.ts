import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackShopVisit } from './tracking';

const IPHONE_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.30.92';

let sendBeacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_INSTAGRAM);
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone: 'Asia/Kolkata',
  } as Intl.ResolvedDateTimeFormatOptions);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

// jsdom's Blob has no text(); FileReader reads it.
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

async function beaconSent(index = 0) {
  const [url, blob] = sendBeacon.mock.calls[index] as [string, Blob];
  return { url, type: blob.type, body: JSON.parse(await textOf(blob)) as unknown };
}

describe('public tracking', () => {
  it('reports a shop visit with its time zone, no guess of the device', async () => {
    trackShopVisit('meera-finds');
    expect(await beaconSent()).toEqual({
      url: 'http://localhost:3000/api/analytics/track-shop/meera-finds',
      type: 'application/json',
      body: { location: 'Asia/Kolkata' },
    });
  });

  it('names the page the visitor came from, unless it is this site', async () => {
    const referrer = vi.spyOn(document, 'referrer', 'get');
    referrer.mockReturnValue('https://l.instagram.com/?u=https%3A%2F%2Fkartlink.in%2Fmeera-finds');
    trackShopVisit('meera-finds');
    referrer.mockReturnValue(`${window.location.origin}/meera-finds`);
    trackShopVisit('meera-finds');

    expect((await beaconSent(0)).body).toMatchObject({
      referrer: 'https://l.instagram.com/?u=https%3A%2F%2Fkartlink.in%2Fmeera-finds',
    });
    expect((await beaconSent(1)).body).not.toHaveProperty('referrer');
  });

  it("sends a signed-in visitor's calls with their token, as a keepalive fetch", async () => {
    const fetchMock = vi.fn((_request: Request) =>
      Promise.resolve(new Response(null, { status: 202 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    trackShopVisit('meera-finds', 'owner-token');

    // A beacon cannot carry the token.
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = fetchMock.mock.calls[0];
    expect(request.headers.get('authorization')).toBe('Bearer owner-token');
    expect(request.keepalive).toBe(true);
    expect(request.url).toBe('http://localhost:3000/api/analytics/track-shop/meera-finds');
  });

  it('falls back to a keepalive fetch when there is no beacon or it is refused', async () => {
    const fetchMock = vi.fn((_request: Request) =>
      Promise.resolve(new Response(null, { status: 404 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    sendBeacon.mockReturnValue(false);
    trackShopVisit('meera-finds');
    Reflect.deleteProperty(navigator, 'sendBeacon');
    trackShopVisit('meera-finds');

    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const [request] of fetchMock.mock.calls) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('http://localhost:3000/api/analytics/track-shop/meera-finds');
      expect(request.keepalive).toBe(true);
      expect(await request.json()).toMatchObject({ location: 'Asia/Kolkata' });
    }
  });

  it('ignores every failure: a throwing beacon, a failed fetch', async () => {
    sendBeacon.mockImplementation(() => {
      throw new TypeError('Beacons of this type are not allowed');
    });
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);

    expect(() => trackShopVisit('meera-finds')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(fetchMock.mock.results[0].value).rejects.toThrow();
  });
});
