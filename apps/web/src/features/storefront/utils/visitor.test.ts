import { describe, expect, it } from 'vitest';
import { browserOf, deviceOf } from './visitor';

const UA = {
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 330.0.0.40.92 Android',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0 Mobile Safari/537.36',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0]',
};

describe('the visitor of a public page', () => {
  it.each([
    [UA.instagramAndroid, 'mobile', 'Instagram'],
    [UA.iphoneSafari, 'mobile', 'Safari'],
    [UA.ipad, 'tablet', 'Safari'],
    [UA.androidTablet, 'tablet', 'Chrome'],
    [UA.windowsEdge, 'desktop', 'Edge'],
    [UA.macFirefox, 'desktop', 'Firefox'],
    [UA.samsung, 'mobile', 'Samsung Internet'],
    [UA.facebookIos, 'mobile', 'Facebook'],
    ['curl/8.5', 'desktop', 'Other'],
  ])('%s is on a %s with %s', (ua, device, browser) => {
    expect(deviceOf(ua)).toBe(device);
    expect(browserOf(ua)).toBe(browser);
  });
});
