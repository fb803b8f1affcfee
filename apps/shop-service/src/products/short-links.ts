import { Inject, Injectable } from '@nestjs/common';
import { normalizeStoreUrl, ProductMessages, type StoreLinkWarning } from '@kartlink/contracts';
import {
  CONFIG,
  hostList,
  LOGGER,
  type Logger,
  type OutboundPolicy,
  outboundRequest,
} from '@kartlink/server-kit';
import type { ShopConfig } from '../config';

/** Hosts of store link shorteners: their links are opened once at save and stored resolved. */
const SHORT_LINK_HOSTS: readonly string[] = [
  'amzn.to',
  'amzn.in',
  'amzn.eu',
  'a.co',
  'fkrt.it',
  'fkrt.co',
  'fkrt.cc',
  'myntr.it',
  'msho.in',
];

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 3000;

/** A short link of a known shortener (or of `extraHosts`), and Flipkart's dl.flipkart.com/s/ form. */
export function isShortLink(url: string, extraHosts: readonly string[] = []): boolean {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  if (host === 'dl.flipkart.com') return /^\/s\//.test(parsed.pathname);
  return SHORT_LINK_HOSTS.includes(host) || extraHosts.includes(host);
}

export interface ResolvedLinks {
  urls: string[];
  warnings: StoreLinkWarning[];
}

/**
 * Opens shortened store links (amzn.to, fkrt.it, ...) and answers where they lead: HEAD (GET
 * when a shortener refuses HEAD), redirects followed by hand until the address is no short
 * link any more (a store page or any other site; a short link answering 2xx is a dead end),
 * at most 5, 3 s in all, http(s)
 * only, and never to a private, loopback or link-local address unless the operator's
 * SHORT_LINK_ALLOW_HOSTS names the host (tests use a server on 127.0.0.1 that way). The
 * address is checked when the connection is made, so a name cannot change its answer between
 * the check and the request.
 */
@Injectable()
export class ShortLinkResolver {
  private readonly policy: OutboundPolicy;
  private readonly extraHosts: readonly string[];

  constructor(
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.policy = {
      allowHosts: hostList(config.SHORT_LINK_ALLOW_HOSTS),
      userAgent: 'Mozilla/5.0 (compatible; KartlinkLinkCheck/1.0)',
    };
    this.extraHosts = hostList(config.SHORT_LINK_EXTRA_HOSTS);
  }

  /** Each short link replaced by where it leads; those that cannot be opened kept, with a warning. */
  async resolveAll(urls: readonly string[]): Promise<ResolvedLinks> {
    const warnings: StoreLinkWarning[] = [];
    const resolved = await Promise.all(
      urls.map(async (url, i) => {
        if (!isShortLink(url, this.extraHosts)) return url;
        const target = await this.resolve(url).catch((err: unknown) => {
          this.logger.info({ err: String(err), url }, 'short store link not resolved');
          return undefined;
        });
        const kept =
          target && !isShortLink(target, this.extraHosts) ? normalizeStoreUrl(target) : undefined;
        if (kept) return kept;
        warnings.push({
          position: i + 1,
          url,
          message: ProductMessages.shortLinkUnresolved(i + 1, new URL(url).hostname),
        });
        return url;
      }),
    );
    return { urls: resolved, warnings };
  }

  /** Where a link leads after its redirects; rejects when it cannot be told in time. */
  async resolve(url: string): Promise<string> {
    const deadline = Date.now() + TIMEOUT_MS;
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      // The store's own page is the answer: stores often refuse robots, and need not be asked.
      if (hop > 0 && !isShortLink(current.toString(), this.extraHosts)) {
        if (current.protocol !== 'https:' && current.protocol !== 'http:')
          throw new Error(`not http(s): ${current.protocol}`);
        return current.toString();
      }
      // Only the status and Location are read, the body is dropped.
      const head = (method: 'HEAD' | 'GET') =>
        outboundRequest(current, { method, deadline, maxBytes: 0 }, this.policy);
      let answer = await head('HEAD');
      if (answer.status === 405 || answer.status === 501 || answer.status === 403)
        answer = await head('GET');
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        current = answer.location;
        continue;
      }
      throw new Error(`answered ${answer.status}`);
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects`);
  }
}
