import { sourceOfReferrer, visitSource } from './visit-source';

// Real user agents, as the gateway's logs and the apps' documentation show them.
const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 548323749)',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 290.0.0.13.76 (iPhone14,5; iOS 16_5; en_US; en; scale=3.00; 1170x2532; 489862446)',
  // Instagram on a Pixel names the maker "Google/google": a bot rule on "google" would drop it.
  instagramPixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 Instagram 317.0.0.34.109 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 561415583)',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2101K6P Build/SKQ1.210908.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/443.0.0.23.229;]',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/438.0.0.33.118;FBBV/534522498]',
  whatsappPreview: 'WhatsApp/2.23.20.0 A',
  googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

describe('visitSource', () => {
  it.each([
    ['Chrome on Android, no referrer', UA.androidChrome, null, 'direct'],
    ['Safari on iPhone, no referrer', UA.iosSafari, null, 'direct'],
    ['Instagram on Android, with no referrer', UA.instagramAndroid, null, 'instagram'],
    ['Instagram on iPhone', UA.instagramIos, null, 'instagram'],
    ['Instagram on a Pixel', UA.instagramPixel, null, 'instagram'],
    // The in-app browser wins over a referrer it did not set (a shim of another site).
    ['Instagram on iPhone through a t.co link', UA.instagramIos, 't.co', 'instagram'],
    ['Facebook’s in-app browser on Android', UA.facebookAndroid, null, 'facebook'],
    ['Facebook’s in-app browser on iPhone', UA.facebookIos, 'lm.facebook.com', 'facebook'],
    ['Instagram’s link shim in Chrome', UA.androidChrome, 'l.instagram.com', 'instagram'],
    ['Facebook’s link shim in Safari', UA.iosSafari, 'lm.facebook.com', 'facebook'],
    ['WhatsApp Web', UA.androidChrome, 'web.whatsapp.com', 'whatsapp'],
    ['a wa.me link', UA.androidChrome, 'wa.me', 'whatsapp'],
    ['the WhatsApp app (a custom tab)', UA.androidChrome, 'com.whatsapp', 'whatsapp'],
    ['YouTube', UA.androidChrome, 'm.youtube.com', 'youtube'],
    ['the YouTube app', UA.androidChrome, 'com.google.android.youtube', 'youtube'],
    ['X’s link shim', UA.iosSafari, 't.co', 'x'],
    ['X', UA.iosSafari, 'x.com', 'x'],
    ['Telegram', UA.androidChrome, 't.me', 'telegram'],
    ['Telegram’s app', UA.androidChrome, 'org.telegram.messenger', 'telegram'],
    ['Google search', UA.androidChrome, 'google.com', 'other'],
    ['Gmail', UA.androidChrome, 'com.google.android.gm', 'other'],
    // A host that only ends in a known name is not that site.
    ['a look-alike host', UA.androidChrome, 'notinstagram.com', 'other'],
    ['no user agent', '', null, 'direct'],
  ])('reads %s', (_name, ua, referrer, source) => {
    expect(visitSource(ua, referrer)).toBe(source);
  });
});

describe('sourceOfReferrer', () => {
  it('knows the link shims and the sites, and nothing is direct', () => {
    expect(sourceOfReferrer('l.instagram.com')).toBe('instagram');
    expect(sourceOfReferrer('lm.facebook.com')).toBe('facebook');
    expect(sourceOfReferrer('l.wl.co')).toBe('whatsapp');
    expect(sourceOfReferrer('www.youtube.com')).toBe('youtube');
    expect(sourceOfReferrer('youtu.be')).toBe('youtube');
    expect(sourceOfReferrer('twitter.com')).toBe('x');
    expect(sourceOfReferrer('web.telegram.org')).toBe('telegram');
    expect(sourceOfReferrer('pinterest.com')).toBe('other');
    expect(sourceOfReferrer(null)).toBe('direct');
    expect(sourceOfReferrer('')).toBe('direct');
  });
});

describe('a source the shared link names', () => {
  it('counts when nothing else tells, and never over an app or a referrer', () => {
    expect(visitSource(UA.iosSafari, null, 'whatsapp')).toBe('whatsapp');
    expect(visitSource(UA.iosSafari, null, 'WA')).toBe('whatsapp');
    expect(visitSource(UA.androidChrome, null, 'ig')).toBe('instagram');
    expect(visitSource(UA.iosSafari, null, 'newsletter')).toBe('direct');
    expect(visitSource(UA.instagramIos, null, 'whatsapp')).toBe('instagram');
    expect(visitSource(UA.androidChrome, 't.co', 'whatsapp')).toBe('x');
  });
});
