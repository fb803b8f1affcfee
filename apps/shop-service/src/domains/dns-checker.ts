import { CUSTOM_DOMAIN_TXT_PREFIX, customDomainTxtName, DomainMessages } from '@kartlink/contracts';
import { Resolver } from 'node:dns/promises';

/** What a check of a domain's two records found. */
export interface DnsFinding {
  cnameOk: boolean;
  txtOk: boolean;
  /** The first problem, for the owner; null when both records are right. */
  problem: string | null;
}

/** Lookup answers that mean "no such record" rather than "could not look". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** `host:port` or `host` entries (comma-separated) as Resolver#setServers takes them. */
export function parseDnsServers(list: string): string[] {
  return list
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

/**
 * Checks a custom domain's records with a resolver of its own (DNS_SERVERS, else the system's):
 * the domain must be a CNAME to the ingress host (or, for an apex that cannot have one, resolve
 * to the same IPv4 addresses as the ingress host, as ALIAS/flattened records do), and
 * `_kartlink.<domain>` must hold a TXT record `kartlink-verify=<token>`.
 */
export class DnsChecker {
  constructor(
    private readonly servers: string[],
    private readonly timeoutMs = 3000,
  ) {}

  private resolver(): Resolver {
    const resolver = new Resolver({ timeout: this.timeoutMs, tries: 2 });
    if (this.servers.length) resolver.setServers(this.servers);
    return resolver;
  }

  async check(domain: string, token: string, target: string): Promise<DnsFinding> {
    const resolver = this.resolver();
    const txtName = customDomainTxtName(domain);
    const [cname, txt] = await Promise.all([
      this.checkCname(resolver, domain, bare(target)),
      this.checkTxt(resolver, txtName, `${CUSTOM_DOMAIN_TXT_PREFIX}${token}`),
    ]);
    return {
      cnameOk: cname === null,
      txtOk: txt === null,
      problem: cname ?? txt,
    };
  }

  /** null when the domain leads to the target, else the problem. */
  private async checkCname(
    resolver: Resolver,
    domain: string,
    target: string,
  ): Promise<string | null> {
    let names: string[] = [];
    try {
      names = (await resolver.resolveCname(domain)).map(bare);
    } catch (err) {
      if (!ABSENT.has((err as NodeJS.ErrnoException).code ?? ''))
        return DomainMessages.lookupFailed(domain);
    }
    if (names.includes(target)) return null;
    if (names.length) return DomainMessages.cnameWrong(domain, names[0]!, target);
    // No CNAME: an apex domain may point at the ingress's addresses (ALIAS or flattening).
    const [own, targets] = await Promise.all([
      resolver.resolve4(domain).catch(() => [] as string[]),
      resolver.resolve4(target).catch(() => [] as string[]),
    ]);
    if (own.length && own.some((address) => targets.includes(address))) return null;
    return DomainMessages.cnameMissing(domain, target);
  }

  private async checkTxt(resolver: Resolver, name: string, value: string): Promise<string | null> {
    let records: string[][];
    try {
      records = await resolver.resolveTxt(name);
    } catch (err) {
      if (ABSENT.has((err as NodeJS.ErrnoException).code ?? ''))
        return DomainMessages.txtMissing(name);
      return DomainMessages.lookupFailed(name);
    }
    if (records.some((chunks) => chunks.join('').trim() === value)) return null;
    return records.length ? DomainMessages.txtWrong(name) : DomainMessages.txtMissing(name);
  }
}
