import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

/**
 * What the gateway reads from a visitor's User-Agent header, with maintained libraries: isbot
 * for the machines (link-preview fetchers of the apps where shop links are shared, search
 * engines, crawlers, headless browsers, HTTP libraries) and ua-parser-js for the device and
 * the browser, in-app browsers (Instagram, Facebook) by their app's name.
 */

/** Machines isbot does not know yet; none today: add a pattern with a test when one shows up. */
const NOT_PEOPLE: RegExp[] = [];

/** True for a user agent that is not a person (an empty one included). */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua) return true;
  return isbot(ua) || NOT_PEOPLE.some((pattern) => pattern.test(ua));
}

export type Device = 'mobile' | 'tablet' | 'desktop';

// ua-parser-js's names, under the name an owner knows (the engine's variants as one browser).
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Mobile Chrome': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Mobile Firefox': 'Firefox',
  'Opera Mini': 'Opera',
  'Opera Mobi': 'Opera',
  'Opera Touch': 'Opera',
  'Samsung Browser': 'Samsung Internet',
  WebKit: 'Other',
};

/** The visitor's kind of device and browser, e.g. mobile and Instagram. */
export function visitorAgent(userAgent: string): { device: Device; browser: string } {
  const { device, browser } = new UAParser(userAgent).getResult();
  const name = browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : 'Other';
  return {
    device: device.type === 'mobile' || device.type === 'tablet' ? device.type : 'desktop',
    browser: name,
  };
}
