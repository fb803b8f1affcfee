import { PUBLIC_URL_META } from '@kartlink/contracts';

/**
 * The public address the tests' pages carry, as the gateway's page does (setup.ts): another
 * host than jsdom's own (http://localhost:3000), so that a link built from the browser's
 * address instead shows in a test.
 */
export const TEST_PUBLIC_URL = 'https://kartlink.in';
export const TEST_PUBLIC_HOST = 'kartlink.in';

export function servePublicUrl(url: string = TEST_PUBLIC_URL): void {
  document.head.querySelector(`meta[name="${PUBLIC_URL_META}"]`)?.remove();
  const meta = document.createElement('meta');
  meta.name = PUBLIC_URL_META;
  meta.content = url;
  document.head.append(meta);
}
