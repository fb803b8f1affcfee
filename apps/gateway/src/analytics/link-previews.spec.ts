import { previewedShop } from './link-previews';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';

describe('previewedShop', () => {
  it('names the shop a preview fetcher or a HEAD request reads', () => {
    expect(previewedShop('GET', '/Meera-Finds', WHATSAPP)).toBe('meera-finds');
    expect(previewedShop('GET', '/meera-finds/summer-kurta', 'Twitterbot/1.0')).toBe('meera-finds');
    expect(previewedShop('HEAD', '/meera-finds', CHROME)).toBe('meera-finds');
  });

  it('leaves people and the app’s own pages alone', () => {
    expect(previewedShop('GET', '/meera-finds', CHROME)).toBeUndefined();
    expect(previewedShop('GET', '/dashboard', WHATSAPP)).toBeUndefined();
    expect(previewedShop('GET', '/dashboard/analytics', WHATSAPP)).toBeUndefined();
    expect(previewedShop('GET', '/', WHATSAPP)).toBeUndefined();
    expect(previewedShop('GET', '/meera-finds/a/b', WHATSAPP)).toBeUndefined();
    expect(previewedShop('GET', '/meera-finds/bad%20code', WHATSAPP)).toBeUndefined();
    expect(previewedShop('GET', '/%E0%A4', WHATSAPP)).toBeUndefined();
  });
});
