import { UNKNOWN_DEVICE, visitSource, type VisitSource } from '@kartlink/contracts';
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

export type Device = 'mobile' | 'tablet' | 'desktop';

interface Agent {
  bot: boolean;
  device: Device;
  browser: string;
  /** The app whose in-app browser this is, as ua-parser-js names it. */
  app?: VisitSource;
  /** Browser and platform as an owner reads them in their signed-in devices. */
  label: string;
}

// Visitors share a few user agents (a phone model's browser, an app's in-app browser): each is
// read once and kept, which spares every click the parsing (about 16 µs). Bounded: the oldest
// entry goes first.
const KNOWN_MAX = 2000;
const known = new Map<string, Agent>();

function agentOf(userAgent: string): Agent {
  let agent = known.get(userAgent);
  if (!agent) {
    agent = {
      bot: isbot(userAgent) || NOT_PEOPLE.some((p) => p.test(userAgent)),
      ...parse(userAgent),
    };
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    known.set(userAgent, agent);
  }
  return agent;
}

/** True for a user agent that is not a person (an empty one included). */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  return !ua || agentOf(ua).bot;
}

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

// In-app browsers ua-parser-js knows, as the source of a visit (Messenger reads as Facebook).
const APP_SOURCES: Record<string, VisitSource> = {
  Instagram: 'instagram',
  Facebook: 'facebook',
  Twitter: 'x',
};

// In-app browsers under their app's name, for the device list ("Instagram app on Android").
const APP_NAMES: Record<string, string> = {
  Instagram: 'Instagram app',
  Facebook: 'Facebook app',
  Twitter: 'X app',
};

// ua-parser-js's operating systems under the name an owner knows.
const PLATFORM_NAMES: Record<string, string> = {
  'Mac OS': 'Mac',
  macOS: 'Mac',
  'Chromium OS': 'ChromeOS',
  'Chrome OS': 'ChromeOS',
};

function parse(userAgent: string): Omit<Agent, 'bot'> {
  const parser = new UAParser(userAgent);
  const { name } = parser.getBrowser();
  const { type, model } = parser.getDevice();
  const os = parser.getOS().name;
  const app = name ? APP_SOURCES[name] : undefined;
  const browser = name ? (BROWSER_NAMES[name] ?? name) : 'Other';
  // iOS is said by the device: an iPhone or an iPad.
  const platform =
    os === 'iOS'
      ? model === 'iPad' || model === 'iPod'
        ? model
        : 'iPhone'
      : os && (PLATFORM_NAMES[os] ?? os);
  const shown = (name && APP_NAMES[name]) ?? (browser === 'Other' ? undefined : browser);
  return {
    device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
    browser,
    ...(app ? { app } : {}),
    label:
      shown && platform
        ? `${shown} on ${platform}`
        : (shown ?? (platform ? `Browser on ${platform}` : UNKNOWN_DEVICE)),
  };
}

/**
 * A signed-in device as its owner knows it, from its user agent: "Chrome on Android", "Safari
 * on iPhone", "Instagram app on Android", "Unknown device" when it says nothing we can read.
 */
export function deviceLabel(userAgent: string | undefined | null): string {
  const ua = (userAgent ?? '').trim();
  return ua ? agentOf(ua.slice(0, 512)).label : UNKNOWN_DEVICE;
}

/** The visitor's kind of device and browser, e.g. mobile and Instagram. */
export function visitorAgent(userAgent: string): { device: Device; browser: string } {
  const { device, browser } = agentOf(userAgent);
  return { device, browser };
}

/**
 * Where a visit or click came from: the in-app browser ua-parser-js reads in the user agent,
 * else contracts' visitSource (the apps it does not know, e.g. Telegram's, then the referring
 * host, already without www. and our own site counted as none, then the `utm_source` of the
 * page's own address).
 */
export function visitorSource(
  userAgent: string,
  referrerHost: string | null,
  campaign?: string | null,
): VisitSource {
  const ua = userAgent.trim();
  return (ua ? agentOf(ua).app : undefined) ?? visitSource(ua, referrerHost, campaign);
}

/**
 * A request the browser or an app made ahead of the person, not because of them: Chrome's and
 * Edge's prefetch and prerender (`Sec-Purpose: prefetch`, `prefetch;prerender`), the older
 * `Purpose: prefetch` (and Firefox's `X-Moz: prefetch`), and Facebook's app fetching a link to
 * show a preview (`X-Purpose: preview`). Recorded apart, never counted.
 */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const said = (name: string, word: string) => {
    const value = headers[name];
    const text = Array.isArray(value) ? value.join(',') : value;
    return !!text && text.toLowerCase().includes(word);
  };
  return (
    said('sec-purpose', 'prefetch') ||
    said('purpose', 'prefetch') ||
    said('x-moz', 'prefetch') ||
    said('x-purpose', 'preview')
  );
}
