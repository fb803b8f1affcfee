import { domainToASCII } from 'node:url';
import { str } from '@kartlink/config';

/**
 * The operator's store-address policy (issue 21): hosts products may not send visitors to, and
 * optionally the only hosts they may. Checked when a product is saved (shop-service: the
 * address as stored, after short links are opened) and again at every store redirect
 * (gateway), so an address stored before its host was blocked stops redirecting.
 */
export const storeHostPolicyEnvSchema = {
  BLOCKED_STORE_HOSTS: str({
    description:
      'hosts store addresses may not lead to (comma-separated): a name blocks it and every subdomain (evil.example blocks shop.evil.example); * matches any characters (paytm-*.xyz). Checked at save and at every redirect',
    default: '',
  }),
  ALLOWED_STORE_HOSTS: str({
    description:
      'when set, the only hosts store addresses may lead to (same forms as BLOCKED_STORE_HOSTS; a blocked host stays blocked); empty: every host not blocked',
    default: '',
  }),
};

export interface StoreHostPolicyConfig {
  BLOCKED_STORE_HOSTS: string;
  ALLOWED_STORE_HOSTS: string;
}

/** Why an address is refused: its host is blocked, or (allowlist mode) not among the allowed. */
export interface StoreHostRefusal {
  host: string;
  rule: 'blocked' | 'not-allowed';
}

type Matcher = (host: string) => boolean;

/** A host as URL.hostname gives it: lower case, punycode, no trailing dot. */
function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

/** One entry of a list: a name (and its subdomains), or a pattern with `*`. */
function matcherOf(entry: string): Matcher | undefined {
  const raw = entry.trim().toLowerCase().replace(/\.$/, '');
  if (!raw) return undefined;
  if (raw.includes('*')) {
    // Each label converted on its own, so a pattern may name an IDN host in Unicode.
    const ascii = raw
      .split('.')
      .map((label) => (label.includes('*') ? label : domainToASCII(label) || label))
      .join('.');
    const source = ascii
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const pattern = new RegExp(`^${source}$`);
    return (host) => pattern.test(host);
  }
  const name = domainToASCII(raw) || raw;
  return (host) => host === name || host.endsWith(`.${name}`);
}

function listOf(value: string): Matcher[] {
  return value.split(',').flatMap((entry) => matcherOf(entry) ?? []);
}

export class StoreHostPolicy {
  private readonly blocked: Matcher[];
  private readonly allowed: Matcher[];

  constructor(config: StoreHostPolicyConfig) {
    this.blocked = listOf(config.BLOCKED_STORE_HOSTS);
    this.allowed = listOf(config.ALLOWED_STORE_HOSTS);
  }

  /** Whether the policy refuses anything at all (most installations: no). */
  get active(): boolean {
    return this.blocked.length > 0 || this.allowed.length > 0;
  }

  /** Why `url` may not be a store address, or undefined when it may (or cannot be read). */
  refusal(url: string): StoreHostRefusal | undefined {
    if (!this.active) return undefined;
    let host: string;
    try {
      host = normalizeHost(new URL(url).hostname);
    } catch {
      return undefined;
    }
    if (this.blocked.some((matches) => matches(host))) return { host, rule: 'blocked' };
    if (this.allowed.length > 0 && !this.allowed.some((matches) => matches(host)))
      return { host, rule: 'not-allowed' };
    return undefined;
  }
}
