import { Inject, Injectable } from '@nestjs/common';
import { normalizeStoreUrl, ProductMessages, type StoreLinkWarning } from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
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

/** Addresses a link the owner typed must never make the server reach. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

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
  private readonly allowed: readonly string[];
  private readonly extraHosts: readonly string[];

  constructor(
    @Inject(CONFIG) config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.allowed = list(config.SHORT_LINK_ALLOW_HOSTS);
    this.extraHosts = list(config.SHORT_LINK_EXTRA_HOSTS);
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
      if (current.protocol !== 'https:' && current.protocol !== 'http:')
        throw new Error(`not http(s): ${current.protocol}`);
      // The store's own page is the answer: stores often refuse robots, and need not be asked.
      if (hop > 0 && !isShortLink(current.toString(), this.extraHosts)) return current.toString();
      let answer = await this.fetchHead(current, 'HEAD', deadline);
      if (answer.status === 405 || answer.status === 501 || answer.status === 403)
        answer = await this.fetchHead(current, 'GET', deadline);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        current = new URL(answer.location, current);
        continue;
      }
      throw new Error(`answered ${answer.status}`);
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects`);
  }

  /** One request; only the status and Location are read, the body is dropped. */
  private fetchHead(
    url: URL,
    method: 'HEAD' | 'GET',
    deadline: number,
  ): Promise<{ status: number; location?: string }> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return Promise.reject(new Error('timed out'));
    // An address written as such is never looked up: it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && isPrivateAddress(literal) && !this.allowed.includes(literal))
      return Promise.reject(new Error(`${literal} is a private address`));
    const options: RequestOptions = {
      method,
      lookup: this.guardedLookup(url.hostname),
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; KartlinkLinkCheck/1.0)', accept: '*/*' },
      timeout: remaining,
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, options, (res: IncomingMessage) => {
        const location = res.headers.location;
        res.destroy();
        resolve({ status: res.statusCode ?? 0, ...(location ? { location } : {}) });
      });
      const timer = setTimeout(() => req.destroy(new Error('timed out')), remaining);
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.on('close', () => clearTimeout(timer));
      req.end();
    });
  }

  /** DNS lookup that refuses private addresses for hosts the operator did not allow. */
  private guardedLookup(hostname: string): LookupFunction {
    const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowed = this.allowed.includes(host);
    return (name, options, callback) => {
      dnsLookup(name, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
        if (err) return callback(err, '', 0);
        const usable = addresses.filter((a) => allowed || !isPrivateAddress(a.address));
        if (usable.length === 0)
          return callback(new Error(`${host} leads to a private address`), '', 0);
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
        return callback(null, usable[0].address, usable[0].family);
      });
    };
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
