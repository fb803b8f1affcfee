import {
  campaignOfReferer,
  hostOf,
  pageFromReferer,
  readTrackBody,
  referrerHost,
} from './track-input';

describe('readTrackBody', () => {
  it('normalises what a visitor says and ignores fields it does not know', () => {
    expect(
      readTrackBody({
        device: ' Mobile ',
        browser: 'Samsung Internet',
        location: 'Asia/Kolkata',
        platform: 'Amazon',
        referrer: 'https://www.instagram.com/',
        page: ' AB3x9k2 ',
        extra: { anything: true },
      }),
    ).toEqual({
      input: {
        device: 'mobile',
        browser: 'Samsung Internet',
        timeZone: 'Asia/Kolkata',
        platform: 'amazon',
        referrer: 'https://www.instagram.com/',
        page: 'ab3x9k2',
      },
    });
  });

  it('takes a missing body, nulls and empty texts as "not said"', () => {
    const nothing = {
      device: null,
      browser: null,
      timeZone: null,
      platform: null,
      referrer: null,
      page: null,
    };
    expect(readTrackBody(undefined)).toEqual({ input: nothing });
    expect(readTrackBody('')).toEqual({ input: nothing });
    expect(readTrackBody({ device: null, browser: '', location: '  ' })).toEqual({
      input: nothing,
    });
  });

  it('takes a page that is no short code as no product page', () => {
    for (const page of ['a/b', '../x', 'kurta?x=1', 'ab c'])
      expect(readTrackBody({ page })).toMatchObject({ input: { page: null } });
    expect(readTrackBody({ page: 'Kurta-2' })).toMatchObject({ input: { page: 'kurta-2' } });
  });

  it('reads a beacon sent as text', () => {
    expect(readTrackBody('{"device":"tablet"}')).toMatchObject({ input: { device: 'tablet' } });
    expect(readTrackBody('{"device":')).toEqual({
      errors: [{ path: 'body', msg: 'The body must be a JSON object.' }],
    });
    expect(readTrackBody(`{"device":${'['.repeat(5000)}${']'.repeat(5000)}}`)).toEqual({
      errors: [{ path: 'body', msg: 'The request body nests too deeply (at most 32 levels).' }],
    });
  });

  it('says what is wrong with each field', () => {
    expect(
      readTrackBody({
        device: 1,
        browser: 'b'.repeat(41),
        platform: 'amazon\n',
        location: 'Mumbai, India',
      }),
    ).toEqual({
      errors: [
        { path: 'device', msg: 'device must be text.' },
        { path: 'browser', msg: 'browser must be at most 40 characters.' },
        { path: 'platform', msg: 'platform contains characters that are not allowed.' },
        { path: 'location', msg: 'location must be a time zone such as Asia/Kolkata.' },
      ],
    });
    expect(readTrackBody([1])).toEqual({
      errors: [{ path: 'body', msg: 'The body must be a JSON object.' }],
    });
  });

  it('accepts the time zones browsers report', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(readTrackBody({ location: zone })).toMatchObject({ input: { timeZone: zone } });
  });
});

describe('referrerHost', () => {
  const own = new Set(['kartlink.example', 'localhost']);

  it('keeps only the host of another site, without www', () => {
    expect(referrerHost('https://www.instagram.com/p/Cx1', undefined, own)).toBe('instagram.com');
    expect(referrerHost('android-app://com.google.android.gm/', undefined, own)).toBe(
      'com.google.android.gm',
    );
  });

  it('prefers the page’s own referrer over the Referer header', () => {
    expect(referrerHost('https://t.co/x', 'https://kartlink.example/shop', own)).toBe('t.co');
    expect(referrerHost(null, 'https://l.facebook.com/l.php', own)).toBe('l.facebook.com');
  });

  it('takes our own pages, unreadable values and nothing as a direct visit', () => {
    expect(referrerHost(null, 'https://kartlink.example/meera-finds', own)).toBeNull();
    expect(referrerHost('http://localhost:5173/x', undefined, own)).toBeNull();
    expect(referrerHost('not a url', undefined, own)).toBeNull();
    expect(referrerHost(null, undefined, own)).toBeNull();
  });
});

describe('helpers', () => {
  it('reads hosts from addresses and Host headers', () => {
    expect(hostOf('https://www.kartlink.example:8443')).toBe('kartlink.example');
    expect(hostOf('127.0.0.1:3000')).toBe('127.0.0.1');
  });
});

describe('pageFromReferer', () => {
  const own = new Set(['kartlink.example']);
  it('reads the short code of one of our product pages of that shop', () => {
    expect(
      pageFromReferer('https://kartlink.example/meera-finds/ab3x9k2', 'meera-finds', own),
    ).toBe('ab3x9k2');
    expect(
      pageFromReferer('https://www.kartlink.example/Meera-Finds/AB3X9K2?utm=x', 'meera-finds', own),
    ).toBe('ab3x9k2');
  });

  it('finds no product page in the shop page, another shop, another site or anything else', () => {
    for (const referer of [
      undefined,
      'not a url',
      'https://kartlink.example/meera-finds',
      'https://kartlink.example/other-shop/ab3x9k2',
      'https://evil.example/meera-finds/ab3x9k2',
      'https://kartlink.example/meera-finds/ab3x9k2/go/amazon',
      'https://kartlink.example/meera-finds/%3Cscript%3E',
    ])
      expect(pageFromReferer(referer, 'meera-finds', own)).toBeUndefined();
  });
});

describe('campaignOfReferer', () => {
  const own = new Set(['kartlink.example']);
  it('reads the utm_source (or ref) of our own page only', () => {
    const page = 'https://kartlink.example/meera-finds/ab3x9k2';
    expect(campaignOfReferer(`${page}?utm_source=whatsapp&utm_medium=status`, own)).toBe(
      'whatsapp',
    );
    expect(campaignOfReferer(`${page}?ref=ig`, own)).toBe('ig');
    expect(campaignOfReferer(page, own)).toBeUndefined();
    expect(campaignOfReferer('https://evil.example/x?utm_source=whatsapp', own)).toBeUndefined();
    expect(campaignOfReferer('not a url', own)).toBeUndefined();
    expect(campaignOfReferer(undefined, own)).toBeUndefined();
  });
});
