import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ErrorCode, Events, Subjects } from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import { JSONCodec, type Subscription } from 'nats';
import { isIP } from 'node:net';
import type { GatewayConfig } from '../config';
import { ServiceClient } from '../services/service-client';
import { GATEWAY_CONFIG } from '../tokens';

const MAX_ENTRIES = 5000;

interface Entry {
  shopUrl: string | null;
  expires: number;
}

/** A Host header's name: lower-cased, without its port or a trailing dot. */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const host = header.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.replace(/\.$/, '');
}

/**
 * Which shop a Host serves (issue 20, custom domains): the product's own hosts (PUBLIC_URL's,
 * WEB_ORIGIN's, GATEWAY_HOSTS, localhost and IP addresses, which probes use) serve the product;
 * another host serves the shop verified at it, or nothing. Answers are kept in this replica's
 * memory like the public reads (bounded, PUBLIC_READ_CACHE_MS as a safety net), and dropped at
 * once by shop-service's change events: an event names the shop and, for a domain's change,
 * the domain (so that a host that served nothing is asked again once verified).
 */
@Injectable()
export class CustomHosts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<string | null>>();
  /** Bumped by each change event, so that a lookup begun before it is not kept after it. */
  private generation = 0;
  private readonly ownHosts: Set<string>;
  private readonly ttlMs: number;
  private subscription?: Subscription;

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const hosts = [config.PUBLIC_URL, ...config.WEB_ORIGIN].map((address) => {
      try {
        return new URL(address).hostname.toLowerCase();
      } catch {
        return '';
      }
    });
    this.ownHosts = new Set(
      [...hosts, 'localhost', ...config.GATEWAY_HOSTS.split(',').map(hostName)].filter(Boolean),
    );
    this.ttlMs = Math.max(config.PUBLIC_READ_CACHE_MS, 1000);
  }

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    const codec = JSONCodec<{ data?: { shopUrl?: string; domains?: unknown } }>();
    this.subscription = connection.subscribe(`${this.services.prefix}${Events.shopChanged}`, {
      callback: (err, message) => {
        if (err) return this.logger.warn({ err }, 'shop change events interrupted');
        try {
          const data = codec.decode(message.data).data;
          const domains = Array.isArray(data?.domains) ? data.domains : [];
          this.forget(
            data?.shopUrl,
            domains.filter((d): d is string => typeof d === 'string'),
          );
        } catch (decodeErr) {
          this.logger.warn({ err: decodeErr }, 'skipped a shop change event that is not JSON');
        }
      },
    });
  }

  onApplicationShutdown() {
    this.subscription?.unsubscribe();
  }

  /** Whether a host name is one of the product's own. */
  isOwnHost(name: string): boolean {
    return !name || this.ownHosts.has(name) || isIP(name.replace(/^\[|\]$/g, '')) !== 0;
  }

  /** The URL of the shop verified at this host, or null (none, or the service is away). */
  async shopAt(name: string): Promise<string | null> {
    const hit = this.entries.get(name);
    if (hit && hit.expires > Date.now()) return hit.shopUrl;
    let loading = this.loading.get(name);
    if (!loading) {
      const generation = this.generation;
      loading = this.lookup(name).then((shopUrl) => {
        if (generation === this.generation) {
          this.entries.delete(name);
          this.entries.set(name, { shopUrl, expires: Date.now() + this.ttlMs });
          if (this.entries.size > MAX_ENTRIES)
            this.entries.delete(this.entries.keys().next().value!);
        }
        return shopUrl;
      });
      this.loading.set(name, loading);
      void loading.finally(() => this.loading.delete(name)).catch(() => undefined);
    }
    return loading;
  }

  private async lookup(name: string): Promise<string | null> {
    try {
      const { shopUrl } = await this.services.request<{ shopUrl: string }>(
        Subjects.shop.domainResolve,
        { host: name },
      );
      return shopUrl;
    } catch (err) {
      if (err instanceof ServiceError && err.code === ErrorCode.NOT_FOUND) return null;
      throw err;
    }
  }

  /** Drops what this replica knows of a shop's host and of the domains named. */
  forget(shopUrl: string | undefined, domains: readonly string[] = []) {
    this.generation += 1;
    for (const domain of domains) this.entries.delete(domain.toLowerCase());
    if (!shopUrl) return;
    for (const [name, entry] of this.entries)
      if (entry.shopUrl === shopUrl) this.entries.delete(name);
  }
}
