import type { AmazonTag, NetworkTemplate, ShopEarnings } from './store-routing';

/**
 * Affiliate rewriting of a stored store URL at redirect time (issue 15). The owner's saved
 * URL is never changed: this makes the address one visitor is sent to. The text of the stored
 * URL is kept as written (its query parameters, their encoding, its fragment, its host's
 * case); parameters are removed or appended, never re-encoded.
 */

/**
 * Amazon country marketplaces (host without www./m.) and the visitor countries they serve; the
 * Earnings form's choice of marketplace.
 * @public
 */
export const AMAZON_MARKETPLACES: Readonly<Record<string, string>> = {
  'amazon.in': 'IN',
  'amazon.com': 'US',
  'amazon.co.uk': 'GB',
  'amazon.de': 'DE',
  'amazon.ae': 'AE',
  'amazon.ca': 'CA',
  'amazon.fr': 'FR',
  'amazon.it': 'IT',
  'amazon.es': 'ES',
  'amazon.nl': 'NL',
  'amazon.se': 'SE',
  'amazon.pl': 'PL',
  'amazon.com.be': 'BE',
  'amazon.co.jp': 'JP',
  'amazon.com.au': 'AU',
  'amazon.sg': 'SG',
  'amazon.sa': 'SA',
  'amazon.eg': 'EG',
  'amazon.com.tr': 'TR',
  'amazon.com.br': 'BR',
  'amazon.com.mx': 'MX',
};

/** Ready link templates of the networks most Indian sellers reach Flipkart, Myntra and AJIO through. */
export const NETWORK_TEMPLATES = {
  /** Cuelinks "linkkit" deep link; `{id}` is the owner's Cuelinks channel id (cid). */
  cuelinks: 'https://linksredirect.com/?cid={id}&source=linkkit&url={url}&subid={shortCode}',
  /** INRDeals tracking link; `{id}` is the owner's INRDeals id. */
  inrdeals: 'https://inr.deals/track?id={id}&url={url}&subid={shortCode}',
} as const;

/** A ready network template with the owner's account id filled in. */
export function networkTemplate(
  network: keyof typeof NETWORK_TEMPLATES,
  accountId: string,
): string {
  return NETWORK_TEMPLATES[network].replace('{id}', encodeURIComponent(accountId.trim()));
}

/** What a redirect knows besides the stored URL and the shop's settings. */
export interface AffiliateContext {
  shortCode: string;
  shopUrl: string;
  /** The visitor tapped the store on the product page (a valid tap proof came with the request). */
  tapped: boolean;
  /** ISO 3166 alpha-2 country of the visitor, when the edge said (upper case), else null. */
  country: string | null;
  /** The product's switch: off = the stored URL unchanged. */
  affiliateTags: boolean;
}

/** The marketplace of an Amazon host (`www.amazon.co.uk` → `amazon.co.uk`), else undefined. */
export function amazonMarketplaceOf(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.replace(/^(www|m|smile)\./, '');
  return bare in AMAZON_MARKETPLACES ? bare : undefined;
}

const isFlipkartHost = (host: string) => /(^|\.)flipkart\.com$/.test(host);

/** Whether `host` is one of `hosts` or a subdomain of one. */
function hostMatches(host: string, hosts: readonly string[]): boolean {
  return hosts.some((h) => {
    const want = h.toLowerCase().replace(/^www\./, '');
    return host === want || host.endsWith(`.${want}`);
  });
}

/** The stored URL split so that its query can be edited without touching the rest. */
class RawUrl {
  private readonly head: string;
  private params: string[];
  private readonly fragment: string;
  private changed = false;

  constructor(private readonly raw: string) {
    const hashAt = raw.indexOf('#');
    const beforeHash = hashAt < 0 ? raw : raw.slice(0, hashAt);
    this.fragment = hashAt < 0 ? '' : raw.slice(hashAt);
    const queryAt = beforeHash.indexOf('?');
    this.head = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
    const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);
    this.params = query ? query.split('&').filter((p) => p !== '') : [];
  }

  private static nameOf(param: string): string {
    const name = param.split('=')[0];
    try {
      return decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      return name;
    }
  }

  has(name: string): boolean {
    return this.params.some((p) => RawUrl.nameOf(p) === name);
  }

  /** Sets a parameter: replaces its first occurrence in place, drops repeats, or appends it. */
  set(name: string, value: string): void {
    this.changed = true;
    const written = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    const at = this.params.findIndex((p) => RawUrl.nameOf(p) === name);
    if (at < 0) {
      this.params.push(written);
      return;
    }
    this.params = this.params.filter((p, i) => i === at || RawUrl.nameOf(p) !== name);
    this.params[at] = written;
  }

  setIfAbsent(name: string, value: string): void {
    if (!this.has(name)) this.set(name, value);
  }

  /** The URL as written when nothing was set, else with the parameters edited. */
  toString(): string {
    if (!this.changed) return this.raw;
    return `${this.head}${this.params.length ? `?${this.params.join('&')}` : ''}${this.fragment}`;
  }
}

/** The ASIN of an Amazon product path (/dp/…, /gp/product/…, /…/dp/…), else undefined. */
export function amazonAsinOf(pathname: string): string | undefined {
  return /\/(?:dp|gp\/product|gp\/aw\/d|o\/ASIN)\/([A-Z0-9]{10})(?:[/?]|$)/i
    .exec(pathname)?.[1]
    ?.toUpperCase();
}

function tagFor(tags: readonly AmazonTag[], marketplace: string): string | undefined {
  return tags.find((t) => t.marketplace.toLowerCase() === marketplace)?.tag;
}

/**
 * The address a visitor is sent to for a stored store URL:
 * - Amazon (any country marketplace, www./m. hosts): the owner's tag for that marketplace as
 *   `tag=`, only when the visitor tapped the store on the product page or the owner turned
 *   `amazonOnSharedLinks` on (Amazon pays nothing on links that pass through without an
 *   affirmative click). With `localizeAmazon` and tags for more than one marketplace, a
 *   visitor whose country has a marketplace the owner has a tag for goes to that marketplace's
 *   `/dp/{ASIN}`.
 * - Flipkart: `affid` = the owner's affiliate id and `affExtParam1` = the short code.
 * - A host covered by a network template (and not tagged directly): the template with `{url}`
 *   (the URL, encoded) and `{shortCode}` filled in.
 * - `utm`: utm_source=kartlink, utm_medium=shop, utm_campaign={shopUrl}, utm_content={shortCode},
 *   each only when the stored URL has none of that name.
 * A tag already in the stored URL (`tag`, `affid`) is kept or replaced as the owner chose; a
 * product whose `affiliateTags` is off, or a URL that does not parse, is returned unchanged.
 */
export function affiliateUrl(
  storedUrl: string,
  earnings: ShopEarnings,
  context: AffiliateContext,
): string {
  if (!context.affiliateTags) return storedUrl;
  let parsed: URL;
  try {
    parsed = new URL(storedUrl);
  } catch {
    return storedUrl;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return storedUrl;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const bareHost = host.replace(/^www\./, '');
  const replace = earnings.existingTags === 'replace';
  let url = new RawUrl(storedUrl);
  let tagged = false;
  let hadTag = false;

  const marketplace = amazonMarketplaceOf(host);
  const amazonAllowed = context.tapped || earnings.amazonOnSharedLinks;
  if (marketplace) {
    hadTag = url.has('tag');
    if (amazonAllowed && earnings.amazonTags.length > 0) {
      const local = localMarketplace(earnings, marketplace, context.country, parsed.pathname);
      if (local) {
        url = new RawUrl(`https://www.${local.marketplace}/dp/${local.asin}`);
        url.set('tag', local.tag);
        tagged = true;
        hadTag = false;
      } else {
        const tag = tagFor(earnings.amazonTags, marketplace);
        if (tag && (!hadTag || replace)) {
          url.set('tag', tag);
          tagged = true;
        }
      }
    }
  } else if (isFlipkartHost(host) && earnings.flipkartAffiliateId) {
    hadTag = url.has('affid');
    if (!hadTag || replace) {
      url.set('affid', earnings.flipkartAffiliateId);
      url.set('affExtParam1', context.shortCode);
      tagged = true;
    } else {
      url.setIfAbsent('affExtParam1', context.shortCode);
    }
  }

  if (earnings.utm) {
    url.setIfAbsent('utm_source', 'kartlink');
    url.setIfAbsent('utm_medium', 'shop');
    url.setIfAbsent('utm_campaign', context.shopUrl);
    url.setIfAbsent('utm_content', context.shortCode);
  }

  const network =
    tagged || (hadTag && !replace) ? undefined : networkFor(earnings.networks, bareHost);
  if (network && (!marketplace || amazonAllowed))
    return fillTemplate(network, url.toString(), context);
  return url.toString();
}

function networkFor(networks: readonly NetworkTemplate[], host: string) {
  return networks.find((n) => hostMatches(host, n.hosts));
}

function fillTemplate(network: NetworkTemplate, target: string, context: AffiliateContext): string {
  return network.template
    .split('{url}')
    .join(encodeURIComponent(target))
    .split('{shortCode}')
    .join(encodeURIComponent(context.shortCode));
}

/** The visitor's own marketplace, when localization applies and the owner has a tag for it. */
function localMarketplace(
  earnings: ShopEarnings,
  marketplace: string,
  country: string | null,
  pathname: string,
): { marketplace: string; tag: string; asin: string } | undefined {
  if (!earnings.localizeAmazon || earnings.amazonTags.length < 2 || !country) return undefined;
  const wanted = Object.keys(AMAZON_MARKETPLACES).find(
    (m) => AMAZON_MARKETPLACES[m] === country.toUpperCase(),
  );
  if (!wanted || wanted === marketplace) return undefined;
  const tag = tagFor(earnings.amazonTags, wanted);
  const asin = amazonAsinOf(pathname);
  return tag && asin ? { marketplace: wanted, tag, asin } : undefined;
}

/**
 * Limits of the Earnings settings (the form shows them).
 * @public
 */
export const EARNINGS_LIMITS = {
  amazonTags: Object.keys(AMAZON_MARKETPLACES).length,
  networks: 10,
  hostsPerNetwork: 20,
  template: 1024,
} as const;

export const EarningsMessages = {
  notAnObject: 'Earnings settings must be an object',
  flag: (name: string) => `${name} must be true or false`,
  existingTags: "existingTags must be 'keep' or 'replace'",
  amazonTagsList: `Amazon tags must be a list of at most ${EARNINGS_LIMITS.amazonTags} { marketplace, tag } entries`,
  unknownMarketplace: (m: string) =>
    `"${m}" is not an Amazon marketplace (use a domain such as amazon.in, amazon.com or amazon.co.uk)`,
  duplicateMarketplace: (m: string) => `There is more than one Amazon tag for ${m}`,
  amazonTagShape: (m: string) =>
    `The Amazon tag for ${m} must be your Associates tracking id, such as yourshop-21`,
  flipkartId:
    'The Flipkart affiliate id may only contain letters, numbers, dots, hyphens and underscores (2 to 64)',
  networksList: `Network templates must be a list of at most ${EARNINGS_LIMITS.networks} entries`,
  networkKind: "A network template's network must be 'cuelinks', 'inrdeals' or 'custom'",
  networkHosts: `A network template needs 1 to ${EARNINGS_LIMITS.hostsPerNetwork} store hosts, such as flipkart.com`,
  networkHost: (h: string) => `"${h}" is not a store host (write it like myntra.com)`,
  templateShape: (n: number) =>
    `Link template ${n} must be an https address containing {url}, without spaces, at most ${EARNINGS_LIMITS.template} characters`,
  templateId: (n: number) => `Link template ${n} still contains {id}: fill in your account id`,
} as const;

const AMAZON_TAG = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}-\d{2}$/;
const FLIPKART_ID = /^[A-Za-z0-9_.-]{2,64}$/;
const HOST = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function templateProblem(template: unknown, n: number): string | undefined {
  if (typeof template !== 'string' || template.length > EARNINGS_LIMITS.template)
    return EarningsMessages.templateShape(n);
  // Written into a Location header as it is: printable ASCII, no spaces.
  if (!/^[\x21-\x7e]+$/.test(template)) return EarningsMessages.templateShape(n);
  if (template.includes('{id}')) return EarningsMessages.templateId(n);
  if (!template.includes('{url}')) return EarningsMessages.templateShape(n);
  try {
    const filled = new URL(template.split('{url}').join('x').split('{shortCode}').join('x'));
    if (filled.protocol !== 'https:') return EarningsMessages.templateShape(n);
  } catch {
    return EarningsMessages.templateShape(n);
  }
  return undefined;
}

/** The first problem with an `earnings` body (any subset of ShopEarnings), or undefined. */
export function shopEarningsProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return EarningsMessages.notAnObject;
  const body = value as Record<string, unknown>;
  for (const flag of ['utm', 'amazonOnSharedLinks', 'localizeAmazon', 'openInApp'] as const)
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
      return EarningsMessages.flag(flag);
  if (
    body.existingTags !== undefined &&
    body.existingTags !== 'keep' &&
    body.existingTags !== 'replace'
  )
    return EarningsMessages.existingTags;
  if (body.amazonTags !== undefined) {
    const tags = body.amazonTags;
    if (!Array.isArray(tags) || tags.length > EARNINGS_LIMITS.amazonTags)
      return EarningsMessages.amazonTagsList;
    const seen = new Set<string>();
    for (const entry of tags as unknown[]) {
      const { marketplace, tag } = (entry ?? {}) as Record<string, unknown>;
      if (typeof marketplace !== 'string') return EarningsMessages.amazonTagsList;
      const m = marketplace.trim().toLowerCase();
      if (!(m in AMAZON_MARKETPLACES)) return EarningsMessages.unknownMarketplace(marketplace);
      if (seen.has(m)) return EarningsMessages.duplicateMarketplace(m);
      seen.add(m);
      if (typeof tag !== 'string' || !AMAZON_TAG.test(tag.trim()))
        return EarningsMessages.amazonTagShape(m);
    }
  }
  if (
    body.flipkartAffiliateId !== undefined &&
    body.flipkartAffiliateId !== null &&
    (typeof body.flipkartAffiliateId !== 'string' ||
      !FLIPKART_ID.test(body.flipkartAffiliateId.trim()))
  )
    return EarningsMessages.flipkartId;
  if (body.networks !== undefined) {
    const networks = body.networks;
    if (!Array.isArray(networks) || networks.length > EARNINGS_LIMITS.networks)
      return EarningsMessages.networksList;
    for (const [i, entry] of (networks as unknown[]).entries()) {
      const { hosts, template, network } = (entry ?? {}) as Record<string, unknown>;
      if (network !== 'cuelinks' && network !== 'inrdeals' && network !== 'custom')
        return EarningsMessages.networkKind;
      if (
        !Array.isArray(hosts) ||
        hosts.length === 0 ||
        hosts.length > EARNINGS_LIMITS.hostsPerNetwork
      )
        return EarningsMessages.networkHosts;
      const badHost = (hosts as unknown[]).find(
        (h) => typeof h !== 'string' || !HOST.test(h.trim().toLowerCase()),
      );
      if (badHost !== undefined) return EarningsMessages.networkHost(String(badHost));
      const problem = templateProblem(template, i + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** An accepted `earnings` body merged over the current settings, trimmed and lower-cased where it matters. */
export function mergeEarnings(current: ShopEarnings, body: Partial<ShopEarnings>): ShopEarnings {
  const next: ShopEarnings = { ...current };
  if (body.amazonTags !== undefined)
    next.amazonTags = body.amazonTags.map((t) => ({
      marketplace: t.marketplace.trim().toLowerCase(),
      tag: t.tag.trim(),
    }));
  if (body.flipkartAffiliateId !== undefined)
    next.flipkartAffiliateId = body.flipkartAffiliateId?.trim() || null;
  if (body.networks !== undefined)
    next.networks = body.networks.map((n) => ({
      network: n.network,
      hosts: n.hosts.map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^www\./, ''),
      ),
      template: n.template.trim(),
    }));
  for (const flag of ['utm', 'amazonOnSharedLinks', 'localizeAmazon', 'openInApp'] as const)
    if (body[flag] !== undefined) next[flag] = body[flag];
  if (body.existingTags !== undefined) next.existingTags = body.existingTags;
  return next;
}
