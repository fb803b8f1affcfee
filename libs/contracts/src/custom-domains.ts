/**
 * Custom domains (issue 20): an owner on Premium serves their shop at a host of their own
 * (`shop.example.com`). One domain per shop. Kartlink shows two DNS records to create, checks
 * them (on demand and in the background) and, once verified, the gateway serves the shop on
 * that host.
 */

/** The TXT record's name is `_kartlink.<domain>`; its value the shop's token. */
const CUSTOM_DOMAIN_TXT_LABEL = '_kartlink';
/** The TXT record's value: `kartlink-verify=<token>`. */
export const CUSTOM_DOMAIN_TXT_PREFIX = 'kartlink-verify=';
export const CUSTOM_DOMAIN_MAX = 253;

export type CustomDomainStatus = 'pending' | 'verified' | 'failed';

/** A DNS record the owner creates at their DNS provider. */
export interface CustomDomainRecord {
  type: 'CNAME' | 'TXT';
  /** The record's full name. */
  name: string;
  value: string;
  /** What the last check found for it. */
  ok: boolean | null;
}

/** GET/PUT /api/shop/domain, POST /api/shop/domain/verify. */
export interface CustomDomain {
  domain: string;
  status: CustomDomainStatus;
  records: CustomDomainRecord[];
  /** What the resolver found wrong at the last check; null when nothing was. */
  problem: string | null;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  /** Where the shop is served: `https://shop.example.com` once verified, else null. */
  url: string | null;
}

/** PUT /api/shop/domain. */
export interface CustomDomainBody {
  domain: string;
}

/** GET /api/shop/domain when the shop has none. */
export interface CustomDomainAnswer {
  customDomain: CustomDomain | null;
  /** Whether the owner's plan allows one (Premium). */
  allowed: boolean;
}

export const DomainMessages = {
  required: 'Enter a domain such as shop.example.com.',
  invalid: 'Enter a domain name such as shop.example.com, without https:// or a path.',
  ipAddress: 'Enter a domain name, not an IP address.',
  ownHost: 'This address belongs to Kartlink itself. Enter a domain of your own.',
  taken: 'This domain is already used by another shop.',
  premiumOnly: 'Upgrade to Premium to use your own domain',
  noShop: 'Set up your shop before adding a domain.',
  none: 'Your shop has no custom domain.',
  notServed: 'No shop is served at this host.',
  cnameMissing: (name: string, target: string) =>
    `No CNAME record found for ${name}: create one pointing to ${target}.`,
  cnameWrong: (name: string, found: string, target: string) =>
    `The CNAME record of ${name} points to ${found}, not to ${target}.`,
  txtMissing: (name: string) => `No TXT record found at ${name}: create it with the value shown.`,
  txtWrong: (name: string) => `The TXT record at ${name} does not hold the value shown.`,
  lookupFailed: (name: string) => `Could not look up ${name} right now. Try again in a minute.`,
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The host an owner typed, as stored: lower-cased, IDN in punycode (`bücher.example` →
 * `xn--bcher-kva.example`), without a trailing dot; or the problem with it. A scheme, port,
 * path, IP address, single label or the product's own host (`productHosts`, and their
 * subdomains) is refused.
 */
export function normalizeCustomDomain(
  input: unknown,
  productHosts: readonly string[] = [],
): { domain: string } | { problem: string } {
  if (typeof input !== 'string' || !input.trim()) return { problem: DomainMessages.required };
  const typed = input.trim();
  if (/[/:?#@\\\s]/.test(typed) || typed.length > CUSTOM_DOMAIN_MAX + 1)
    return { problem: invalidOrIp(typed) };
  let host: string;
  try {
    host = new URL(`http://${typed}`).hostname;
  } catch {
    return { problem: DomainMessages.invalid };
  }
  host = host.replace(/\.$/, '');
  if (IPV4.test(host) || host.startsWith('[')) return { problem: DomainMessages.ipAddress };
  const labels = host.split('.');
  if (
    host.length > CUSTOM_DOMAIN_MAX ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    /^\d+$/.test(labels[labels.length - 1]!)
  )
    return { problem: DomainMessages.invalid };
  for (const own of productHosts) {
    const ownHost = own.toLowerCase().replace(/\.$/, '');
    if (ownHost && (host === ownHost || host.endsWith(`.${ownHost}`)))
      return { problem: DomainMessages.ownHost };
  }
  return { domain: host };
}

function invalidOrIp(typed: string): string {
  const bare = typed.replace(/^[a-z]+:\/\//i, '').replace(/[:/].*$/, '');
  return IPV4.test(bare) || typed.startsWith('[')
    ? DomainMessages.ipAddress
    : DomainMessages.invalid;
}

/** The TXT record's name for a domain. */
export const customDomainTxtName = (domain: string) => `${CUSTOM_DOMAIN_TXT_LABEL}.${domain}`;

/** A domain's address as visitors open it (the protocol of the product's own address). */
export function customDomainOrigin(domain: string, protocol = 'https:'): string {
  return `${protocol}//${domain}`;
}
