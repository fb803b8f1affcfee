import { deviceLabel, isBotUserAgent, isPrefetch, visitorAgent, visitorSource } from './user-agent';

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

describe('isBotUserAgent', () => {
  it.each([
    ['WhatsApp link preview', 'WhatsApp/2.23.20.0 A'],
    ['WhatsApp on iOS', 'WhatsApp/2.2337.7 i'],
    [
      'Facebook and Instagram previews',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ],
    [
      'Meta agent',
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    ],
    ['X', 'Twitterbot/1.0'],
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['Google', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Googlebot for smartphones', UA.googlebot],
    ['WhatsApp’s preview fetcher', UA.whatsappPreview],
    ['Bing', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'LinkedIn',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    ],
    ['a crawler', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
    ['a spider', 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)'],
    [
      'headless Chrome',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    ],
    ['curl', 'curl/8.4.0'],
    ['wget', 'Wget/1.21.4'],
    ['python', 'python-requests/2.31.0'],
    ['Go', 'Go-http-client/1.1'],
    ['an unnamed bot', 'Mozilla/5.0 (compatible; SomeNewBot/0.1)'],
    ['no user agent', ''],
  ])('knows %s is not a person', (_name, ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });

  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ],
    [
      "Instagram's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 290.0.0.13.76 (iPhone14,5; iOS 16_5; en_US; en; scale=3.00; 1170x2532; 489862446)',
    ],
    [
      "Facebook's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/438.0.0.33.118;FBBV/534522498]',
    ],
    [
      "Pinterest's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
    ],
    ['Instagram on a Pixel phone (its user agent says "Google/google")', UA.instagramPixel],
    ["Instagram's in-app browser on Android", UA.instagramAndroid],
    ["Facebook's in-app browser on Android", UA.facebookAndroid],
    [
      'a Cubot phone',
      'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Firefox on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
    ],
  ])('counts %s as a person', (_name, ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });
});

describe('visitorAgent', () => {
  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'mobile',
      'Chrome',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'mobile',
      'Safari',
    ],
    [
      "Instagram's in-app browser on Android",
      'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 548323749)',
      'mobile',
      'Instagram',
    ],
    [
      "Facebook's in-app browser on Android",
      'Mozilla/5.0 (Linux; Android 12; M2101K6P Build/SKQ1.210908.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/443.0.0.23.229;]',
      'mobile',
      'Facebook',
    ],
    [
      'Samsung Internet',
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      'mobile',
      'Samsung Internet',
    ],
    [
      'an iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'tablet',
      'Safari',
    ],
    [
      'an Android tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'tablet',
      'Chrome',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      'desktop',
      'Edge',
    ],
    [
      "Pinterest's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
      'mobile',
      'Other',
    ],
  ])('reads %s', (_name, ua, device, browser) => {
    expect(visitorAgent(ua)).toEqual({ device, browser });
  });
});

describe('isPrefetch', () => {
  it.each([
    ['Chrome’s prefetch', { 'sec-purpose': 'prefetch' }],
    ['Chrome’s prerender', { 'sec-purpose': 'prefetch;prerender' }],
    ['the older Purpose header', { purpose: 'prefetch' }],
    ['Firefox’s prefetch', { 'x-moz': 'prefetch' }],
    ['Facebook’s link preview', { 'x-purpose': 'preview' }],
    ['any case', { 'sec-purpose': 'Prefetch' }],
  ])('knows %s is not a person asking', (_name, headers) => {
    expect(isPrefetch({ 'user-agent': UA.androidChrome, ...headers })).toBe(true);
  });

  it('counts an ordinary request', () => {
    expect(isPrefetch({ 'user-agent': UA.facebookAndroid, accept: 'text/html' })).toBe(false);
    expect(isPrefetch({ 'sec-fetch-dest': 'document', purpose: '' })).toBe(false);
  });
});

describe('visitorSource', () => {
  it.each([
    ['Instagram on a Pixel', UA.instagramPixel, null, 'instagram'],
    ['Instagram on iPhone, through a t.co link', UA.instagramIos, 't.co', 'instagram'],
    ['Facebook on Android', UA.facebookAndroid, null, 'facebook'],
    [
      'Messenger on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/440.0.0.36.115;FBBV/540000000]',
      null,
      'facebook',
    ],
    [
      'X on Android',
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 TwitterAndroid',
      null,
      'x',
    ],
    // ua-parser-js reads Telegram's browser as a WebView: its own token tells.
    [
      'Telegram on Android',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 Telegram-Android/10.8.1 (Samsung SM-S918B; Android 14; SDK 34; HIGH)',
      null,
      'telegram',
    ],
    ['Chrome on Android from WhatsApp', UA.androidChrome, 'com.whatsapp', 'whatsapp'],
    ['Safari on iPhone, typed in', UA.iosSafari, null, 'direct'],
    ['no user agent, from YouTube', '', 'youtube.com', 'youtube'],
  ])('reads %s', (_name, ua, referrer, source) => {
    expect(visitorSource(ua, referrer)).toBe(source);
  });
});

describe('deviceLabel', () => {
  it.each([
    ['Chrome on Android', UA.androidChrome],
    ['Safari on iPhone', UA.iosSafari],
    ['Instagram app on Android', UA.instagramAndroid],
    ['Instagram app on iPhone', UA.instagramIos],
    ['Facebook app on iPhone', UA.facebookIos],
    [
      'Safari on iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ],
    [
      'Safari on Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'],
    [
      'Chrome on ChromeOS',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    ],
  ])('reads %s', (label, userAgent) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('says "Unknown device" for a user agent it cannot read, or none', () => {
    expect(deviceLabel('node')).toBe('Unknown device');
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});
