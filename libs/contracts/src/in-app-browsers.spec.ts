import { IN_APP_ESCAPES, inAppBrowserOf, inAppEscape } from './in-app-browsers';

const PAGE = 'https://kartlink.in/priya-sarees/red-silk?src=ig#stores';

/** Real user agents, as the apps sent them (captured from request logs and the apps' docs). */
const UA = {
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (33/13; 450dpi; 1080x2340; samsung; SM-S918B; dm1q; qcom; en_IN; 541635863)',
  instagramPixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.178 Mobile Safari/537.36 Instagram 317.0.0.34.109 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 561194223)',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.2.18.112 (iPhone14,5; iOS 17_1_2; en_IN; en; scale=3.00; 1170x2532; 537288532)',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 12; Redmi Note 9 Pro Build/SKQ1.211019.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/444.0.0.34.118;]',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/441.0.0.23.105;FBBV/534148185;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/17.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/535563010]',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/423.0.0.27.109;FBBV/498633738;FBDV/iPhone12,1;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/2;FBCR/;FBID/phone;FBLC/en_GB;FBOP/5]',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 trill_300203 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/30.2.3 ByteLocale/en ByteFullLocale/en Region/IN AppId/1233 Spark/1.3.1.8-bugfix AppVersion/30.2.3 BytedanceWebview/d8a21c6',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_30.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US RevealType/Dialog isDarkMode/0 WKWebView/1 BytedanceWebview/d8a21c6',
  snapchatAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 Snapchat/12.58.0.32 (like Safari/8617.1.17.10.9, panda)',
  snapchatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.55.0.36 (like Safari/8617.1.17.10.9, panda)',
  linkedinAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [LinkedInApp]/4.1.881',
  linkedinIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.8093',
  xAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A.240305.019; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.105 Mobile Safari/537.36 TwitterAndroid',
  xIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.17',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

const INTENT = 'intent://kartlink.in/priya-sarees/red-silk?src=ig#Intent;scheme=https;end';

describe('inAppBrowserOf', () => {
  it.each([
    ['instagramAndroid', 'instagram'],
    ['instagramPixel', 'instagram'],
    ['instagramIos', 'instagram'],
    ['facebookAndroid', 'facebook'],
    ['facebookIos', 'facebook'],
    ['messengerIos', 'facebook'],
    ['tiktokAndroid', 'tiktok'],
    ['tiktokIos', 'tiktok'],
    ['snapchatAndroid', 'snapchat'],
    ['snapchatIos', 'snapchat'],
    ['linkedinAndroid', 'linkedin'],
    ['linkedinIos', 'linkedin'],
    ['xAndroid', 'twitter'],
    ['xIos', 'twitter'],
  ] as const)('recognises %s as %s', (agent, id) => {
    expect(inAppBrowserOf(UA[agent])?.id).toBe(id);
  });

  it.each(['chromeAndroid', 'safariIos', 'chromeDesktop'] as const)('leaves %s alone', (agent) => {
    expect(inAppBrowserOf(UA[agent])).toBeNull();
    expect(inAppEscape(UA[agent], PAGE)).toBeNull();
  });

  it('is null without a user agent', () => {
    expect(inAppBrowserOf(undefined)).toBeNull();
    expect(inAppEscape('', PAGE)).toBeNull();
  });
});

describe('inAppEscape, one case per IN_APP_ESCAPES entry', () => {
  const cases: Record<string, [keyof typeof UA, string]> = {
    'instagram-android': ['instagramAndroid', INTENT],
    'instagram-ios': ['instagramIos', `instagram://extbrowser/?url=${encodeURIComponent(PAGE)}`],
    'facebook-android': ['facebookAndroid', INTENT],
    'facebook-ios': [
      'facebookIos',
      'x-safari-https://kartlink.in/priya-sarees/red-silk?src=ig#stores',
    ],
    'snapchat-android': ['snapchatAndroid', INTENT],
    'linkedin-android': ['linkedinAndroid', INTENT],
    'twitter-android': ['xAndroid', INTENT],
  };

  it('has a case for every entry', () => {
    expect(Object.keys(cases).sort()).toEqual(IN_APP_ESCAPES.map((e) => e.id).sort());
  });

  it.each(Object.entries(cases))(
    '%s gives its link, and the copy screen when switched off',
    (id, [agent, href]) => {
      const escape = inAppEscape(UA[agent], PAGE);
      expect(escape).toMatchObject({ entryId: id, href });
      expect(inAppEscape(UA[agent], PAGE, [id])).toMatchObject({
        entryId: null,
        method: 'copy',
        href: null,
      });
    },
  );

  it('Messenger on iOS reopens in Safari like Facebook', () => {
    expect(inAppEscape(UA.messengerIos, PAGE)?.method).toBe('x-safari');
  });

  it.each(['tiktokAndroid', 'tiktokIos', 'snapchatIos', 'linkedinIos', 'xIos'] as const)(
    '%s has no known escape: the copy-link screen',
    (agent) => {
      expect(inAppEscape(UA[agent], PAGE)).toMatchObject({
        method: 'copy',
        href: null,
        entryId: null,
      });
    },
  );

  it('switching one entry off leaves the others', () => {
    expect(inAppEscape(UA.facebookIos, PAGE, ['instagram-ios'])?.method).toBe('x-safari');
  });
});
