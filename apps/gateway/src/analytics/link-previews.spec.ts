import { pageKindOf } from '../web/public-pages';
import { previewedShop } from './link-previews';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const IPHONE_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.30.92';

/** The fetchers that read a shared link to draw its preview, and search engines. */
const FETCHERS = [
  'WhatsApp/2.23.20.0 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'TelegramBot (like TwitterBot)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  // iMessage.
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
];

const previewed = (method: string, path: string, agent: string) =>
  previewedShop(method, pageKindOf(path), agent);

describe('previewedShop', () => {
  it('names the shop each preview fetcher reads, on any of its addresses', () => {
    for (const agent of FETCHERS) {
      for (const path of [
        '/Meera-Finds',
        '/meera-finds/summer-kurta',
        '/shop/meera-finds',
        '/open/meera-finds/summer-kurta',
      ])
        expect({ agent, path, shop: previewed('GET', path, agent) }).toEqual({
          agent,
          path,
          shop: 'meera-finds',
        });
    }
    expect(previewed('HEAD', '/meera-finds', CHROME)).toBe('meera-finds');
  });

  it('leaves people and the app’s own pages alone', () => {
    expect(previewed('GET', '/meera-finds', CHROME)).toBeUndefined();
    expect(previewed('GET', '/meera-finds', IPHONE_INSTAGRAM)).toBeUndefined();
    for (const path of [
      '/dashboard',
      '/dashboard/analytics',
      '/',
      '/meera-finds/a/b',
      '/meera-finds/bad%20code',
      '/%E0%A4',
    ])
      expect(previewed('GET', path, FETCHERS[0]!)).toBeUndefined();
  });
});
