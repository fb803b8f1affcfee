import type { TrackedEvent } from '@kartlink/contracts';
import { readEvent, regionOf, toRow } from './event-rows';

const event: TrackedEvent = {
  id: '0B7E7A4E-6C52-4D8E-9A57-1F0B6A1D2C3E',
  type: 'click',
  occurredAt: '2024-03-09T10:00:00.000Z',
  productId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  device: 'Mobile',
  browser: 'Chrome',
  timeZone: 'Asia/Calcutta',
  platform: 'Amazon',
  referrer: 'Instagram.com',
  visitor: 'a'.repeat(32),
  bot: false,
  viewerUserId: 'owner-1',
};
const target = { shopId: 'shop-1', ownerUserId: 'owner-1', productId: event.productId! };

describe('readEvent', () => {
  it('reads an event the gateway wrote', () => {
    expect(readEvent(JSON.stringify(event))).toEqual(event);
  });

  it('refuses anything else, so that it is dropped rather than retried forever', () => {
    for (const bad of [
      'not json',
      'null',
      JSON.stringify({ ...event, id: 'x' }),
      JSON.stringify({ ...event, type: 'purchase' }),
      JSON.stringify({ ...event, occurredAt: 'yesterday' }),
      JSON.stringify({ ...event, visitor: '' }),
      JSON.stringify({ ...event, productId: undefined }),
      JSON.stringify({ ...event, type: 'shop_view', shopUrl: undefined }),
    ])
      expect(readEvent(bad)).toBeUndefined();
  });
});

describe('toRow', () => {
  it('stores the event normalised, and knows the owner looking at their own shop', () => {
    expect(toRow(event, target)).toEqual({
      id: '0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e',
      type: 'click',
      shopId: 'shop-1',
      productId: event.productId,
      occurredAt: '2024-03-09T10:00:00.000Z',
      device: 'mobile',
      browser: 'Chrome',
      platform: 'amazon',
      region: 'Asia/Kolkata',
      referrer: 'instagram.com',
      visitor: 'a'.repeat(32),
      bot: false,
      owner: true,
      prefetch: false,
      userAgent: null,
      // An older gateway's event: its referrer tells the source.
      source: 'instagram',
      opensIn: null,
    });
    expect(toRow({ ...event, viewerUserId: 'someone-else' }, target).owner).toBe(false);
    expect(toRow({ ...event, viewerUserId: undefined }, target).owner).toBe(false);
  });

  it('keeps the gateway’s source, the store’s app or website, the prefetch and the user agent', () => {
    const ua = `Mozilla/5.0 ${'x'.repeat(600)}`;
    expect(
      toRow(
        { ...event, source: 'whatsapp', opensIn: 'app', prefetch: true, userAgent: ua },
        target,
      ),
    ).toMatchObject({
      source: 'whatsapp',
      opensIn: 'app',
      prefetch: true,
      userAgent: ua.slice(0, 512),
    });
    // Anything else is not trusted: the referrer tells the source, the opening is unknown.
    const odd = { ...event, source: 'myspace', opensIn: 'tab' } as unknown as TrackedEvent;
    expect(toRow(odd, target)).toMatchObject({ source: 'instagram', opensIn: null });
    expect(toRow({ ...event, type: 'shop_view', opensIn: 'app' }, target).opensIn).toBeNull();
  });

  it('cuts overlong values to the columns and keeps no store on a shop visit', () => {
    const row = toRow(
      { ...event, type: 'shop_view', browser: 'b'.repeat(100), platform: 'amazon' },
      { ...target, productId: null },
    );
    expect(row.browser).toHaveLength(40);
    expect(row.platform).toBeNull();
  });
});

describe('regionOf', () => {
  it('names a region by its current time zone name', () => {
    expect(regionOf('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(regionOf('Etc/UTC')).toBe('UTC');
    expect(regionOf('Asia/Dubai')).toBe('Asia/Dubai');
    expect(regionOf(null)).toBeNull();
  });
});
