/**
 * User agents that are not people: link-preview fetchers of the apps where shop links are
 * shared, search engines, crawlers, headless browsers and HTTP libraries. Their visits are
 * counted apart (analytics `excluded.bots`), never in the owner's figures.
 *
 * In-app browsers are people and must not match: Instagram's and Facebook's in-app browsers
 * start with "Mozilla/5.0" and name the app later, while the preview fetchers name themselves
 * (WhatsApp's fetcher starts with "WhatsApp/", Facebook's is facebookexternalhit).
 */
const PREVIEW_FETCHERS = [
  /^WhatsApp\//i,
  /facebookexternalhit|facebookcatalog|meta-externalagent|meta-externalfetcher|Facebot/i,
  /Instagram(?:bot| ?preview)/i,
  /Twitterbot/i,
  /Slackbot|Slack-ImgProxy/i,
  /TelegramBot/i,
  /Discordbot/i,
  /LinkedInBot|Pinterestbot|^Pinterest\/|redditbot|SkypeUriPreview|Snap URL Preview|vkShare/i,
  /Embedly|Iframely|Google-PageRenderer|bitlybot|Applebot|Mastodon|Cardyb/i,
];

const SEARCH_ENGINES_AND_CRAWLERS = [
  /Googlebot|Google-InspectionTool|GoogleOther|AdsBot-Google|Mediapartners-Google|APIs-Google|FeedFetcher-Google|Storebot-Google/i,
  /bingbot|BingPreview|msnbot|adidxbot/i,
  /DuckDuckBot|YandexBot|YandexImages|Baiduspider|Sogou|Exabot|PetalBot|SeznamBot|Yeti\//i,
  /AhrefsBot|SemrushBot|MJ12bot|DotBot|BLEXBot|DataForSeoBot|Bytespider|GPTBot|ClaudeBot|CCBot|PerplexityBot|Amazonbot/i,
  /HeadlessChrome|PhantomJS|Lighthouse|Puppeteer|Playwright|Selenium|Cypress/i,
];

const HTTP_CLIENTS = [
  /^(?:curl|Wget|HTTPie|PostmanRuntime|insomnia|Go-http-client|okhttp|Java\/|Apache-HttpClient|libwww-perl|Ruby|Dart\/|Deno\/|Bun\/)/i,
  /python-requests|python-urllib|python-httpx|aiohttp|Scrapy|node-fetch|axios\/|undici|got \(|^node$/i,
];

// Generic words: a lone "bot" word (not "Cubot", a phone brand), crawler, spider, and so on.
const GENERIC =
  /(?:^|[^a-z])bot(?:[^a-z]|$)|[a-z]bot\/|crawl|spider|slurp|scraper|fetcher|preview|monitor|uptime|validator|checker/i;
const PHONES_NAMED_BOT = /cubot/i;

/** True for a user agent that is not a person (an empty one included). */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua) return true;
  if (PREVIEW_FETCHERS.some((p) => p.test(ua))) return true;
  if (SEARCH_ENGINES_AND_CRAWLERS.some((p) => p.test(ua))) return true;
  if (HTTP_CLIENTS.some((p) => p.test(ua))) return true;
  return GENERIC.test(ua.replace(PHONES_NAMED_BOT, ''));
}
