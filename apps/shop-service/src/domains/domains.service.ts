import { Inject, Injectable } from '@nestjs/common';
import {
  type Caller,
  type CustomDomain,
  type CustomDomainAnswer,
  type CustomDomainBody,
  DomainMessages,
  ErrorCode,
  Events,
  normalizeCustomDomain,
  type ShopWrite,
  Subjects,
  type UserPlan,
} from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger, NatsRequester, ServiceError } from '@kartlink/server-kit';
import { randomBytes } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import type { ShopConfig } from '../config';
import { ShopCache } from '../shops/shop-cache';
import type { ShopEntity } from '../shops/shop.entity';
import { ShopsService } from '../shops/shops.service';
import { DnsChecker, parseDnsServers } from './dns-checker';
import { toCustomDomain } from './domain.mapper';
import { DomainsRepository } from './domains.repository';
import type { ShopDomainEntity } from './shop-domain.entity';

/** Another shop's claim that was never verified is released after this (no squatting). */
const STALE_CLAIM_MS = 7 * 86_400_000;

/**
 * Custom domains (issue 20): one per shop, Premium only. A domain is served once both records
 * check out; a verified domain whose records fail keeps being served for DOMAIN_GRACE_MS (a DNS
 * provider's hiccup must not take a shop down), then becomes `failed` and is no longer served
 * (the owner fixes the records and verifies again). On the free plan (a downgrade) the next
 * check fails the domain the same way, at once: the records stay, and upgrading and verifying
 * serves it again.
 */
@Injectable()
export class DomainsService {
  private readonly dns: DnsChecker;
  readonly target: string;
  private readonly protocol: string;
  private readonly productHosts: string[];

  constructor(
    private readonly domains: DomainsRepository,
    private readonly shops: ShopsService,
    private readonly cache: ShopCache,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const publicUrl = new URL(config.PUBLIC_URL);
    this.target = (config.CUSTOM_DOMAIN_TARGET || publicUrl.hostname).toLowerCase();
    this.protocol = publicUrl.protocol;
    this.productHosts = [publicUrl.hostname, this.target];
    this.dns = new DnsChecker(parseDnsServers(config.DNS_SERVERS), config.DNS_TIMEOUT_MS);
  }

  async get(caller: Caller): Promise<CustomDomainAnswer> {
    const shop = await this.shops.findByOwner(caller.userId);
    const [row, plan] = await Promise.all([
      shop ? this.domains.findByShop(shop.id) : null,
      this.planOf(caller.userId),
    ]);
    return { customDomain: row ? this.view(row) : null, allowed: plan === 'premium' };
  }

  async set(caller: Caller, body: CustomDomainBody): Promise<ShopWrite<CustomDomain>> {
    const normalized = normalizeCustomDomain(body?.domain, this.productHosts);
    if ('problem' in normalized)
      throw ServiceError.validation(
        [{ path: 'domain', msg: normalized.problem }],
        normalized.problem,
      );
    const shop = await this.ownShop(caller);
    await this.requirePremium(caller.userId);
    const { domain } = normalized;
    const current = await this.domains.findByShop(shop.id);
    if (current?.domain === domain) return { result: this.view(current), changedShopUrls: [] };
    const claim = await this.domains.findByDomain(domain);
    if (claim) {
      const stale =
        claim.status !== 'verified' && Date.now() - claim.createdAt.getTime() > STALE_CLAIM_MS;
      if (!stale) throw new ServiceError(ErrorCode.CONFLICT, DomainMessages.taken);
      await this.domains.remove(claim.shopId);
      await this.unserve(claim);
    }
    // The row first, then the serving: a check that verified it meanwhile is undone here, and a
    // later one finds no row to verify (DomainsRepository.saveCheck).
    if (current) await this.domains.remove(shop.id);
    const changedShopUrls = current ? await this.unserve(current) : [];
    let saved: ShopDomainEntity;
    try {
      saved = await this.domains.save(
        this.domains.create({
          shopId: shop.id,
          userId: caller.userId,
          domain,
          token: randomBytes(16).toString('hex'),
          status: 'pending',
          failures: 0,
          nextCheckAt: new Date(Date.now() + this.config.DOMAIN_RETRY_MS),
        }),
      );
    } catch (err) {
      if (
        err instanceof QueryFailedError &&
        (err as { constraint?: string }).constraint === 'shop_domains_domain_key'
      )
        throw new ServiceError(ErrorCode.CONFLICT, DomainMessages.taken);
      throw err;
    }
    return { result: this.view(saved), changedShopUrls };
  }

  /** "Verify now": both records looked up at once. */
  async verify(caller: Caller): Promise<ShopWrite<CustomDomain>> {
    const shop = await this.ownShop(caller);
    const row = await this.domains.findByShop(shop.id);
    if (!row) throw ServiceError.notFound(DomainMessages.none);
    await this.requirePremium(caller.userId);
    const changedShopUrls = await this.check(row);
    return { result: this.view(row), changedShopUrls };
  }

  async remove(caller: Caller): Promise<ShopWrite<null>> {
    const shop = await this.ownShop(caller);
    const row = await this.domains.findByShop(shop.id);
    if (!row) throw ServiceError.notFound(DomainMessages.none);
    await this.domains.remove(shop.id);
    const changedShopUrls = await this.unserve(row);
    return { result: null, changedShopUrls };
  }

  /** For the gateway: the shop served at a host. */
  async resolve(host: unknown): Promise<{ shopUrl: string }> {
    const domain = typeof host === 'string' ? host.trim().toLowerCase().replace(/\.$/, '') : '';
    const shopUrl = domain && (await this.domains.shopAt(domain));
    if (!shopUrl) throw ServiceError.notFound('No shop is served at this host.');
    return { shopUrl };
  }

  /** The background checks: the domains whose check is due, a batch at a time. */
  async checkDue(): Promise<number> {
    const due = await this.domains.claimDue(20, 60_000);
    for (const row of due) {
      try {
        await this.check(row);
      } catch (err) {
        // Removed or replaced by its owner while it was being checked: nothing to do.
        if (err instanceof ServiceError && err.code === ErrorCode.NOT_FOUND) continue;
        this.logger.warn(
          { err: (err as Error).message, domain: row.domain },
          'domain check failed',
        );
      }
    }
    return due.length;
  }

  /**
   * Looks the records up and saves what was found; serves or stops serving the domain as it
   * turns. Answers the shop URLs whose public reads changed.
   */
  private async check(row: ShopDomainEntity): Promise<string[]> {
    const now = new Date();
    const premium = (await this.planOf(row.userId)) === 'premium';
    const finding = premium
      ? await this.dns.check(row.domain, row.token, this.target)
      : {
          cnameOk: row.cnameOk ?? false,
          txtOk: row.txtOk ?? false,
          problem: DomainMessages.premiumOnly,
        };
    row.checkedAt = now;
    row.cnameOk = finding.cnameOk;
    row.txtOk = finding.txtOk;
    row.problem = finding.problem;
    // Whether the shop is to be served at the domain from now (the domain), no longer (null),
    // or as it is (undefined).
    let serve: string | null | undefined;
    if (!finding.problem) {
      row.failures = 0;
      row.failingSince = null;
      row.nextCheckAt = new Date(now.getTime() + this.config.DOMAIN_RECHECK_MS);
      if (row.status !== 'verified') {
        row.status = 'verified';
        row.verifiedAt = now;
        serve = row.domain;
      }
    } else {
      row.failures += 1;
      const backoff = Math.min(
        this.config.DOMAIN_RETRY_MS * 2 ** Math.min(row.failures - 1, 20),
        this.config.DOMAIN_RECHECK_MS,
      );
      row.nextCheckAt = new Date(now.getTime() + backoff);
      if (row.status === 'verified') {
        row.failingSince ??= now;
        const graceOver = now.getTime() - row.failingSince.getTime() >= this.config.DOMAIN_GRACE_MS;
        if (graceOver || !premium) {
          row.status = 'failed';
          row.verifiedAt = null;
          serve = null;
        }
      } else row.status = 'failed';
    }
    const saved = await this.domains.saveCheck(row, serve);
    if (saved === false) throw ServiceError.notFound(DomainMessages.none);
    return saved ? this.announce(saved, row.domain) : [];
  }

  /**
   * Stops serving the shop at its domain, whatever the row last said: a background check may
   * have verified it since the row was read.
   */
  private async unserve(row: ShopDomainEntity): Promise<string[]> {
    const shopUrl = await this.domains.setServed(row.shopId, null);
    return shopUrl ? this.announce(shopUrl, row.domain) : [];
  }

  /** The shop's public reads and every gateway's host lookup of the domain, dropped. */
  private async announce(shopUrl: string, domain: string): Promise<string[]> {
    const changed = await this.cache.invalidateShop(shopUrl);
    // The gateways' host lookups: the domain's answer goes too.
    await this.services
      .publish(Events.shopChanged, { shopUrl, domains: [domain] })
      .catch((err: unknown) =>
        this.logger.warn({ err: (err as Error).message }, 'domain change not announced'),
      );
    return changed;
  }

  private view(row: ShopDomainEntity): CustomDomain {
    return toCustomDomain(row, this.target, this.protocol);
  }

  private async ownShop(caller: Caller): Promise<ShopEntity> {
    const shop = await this.shops.findByOwner(caller.userId);
    if (!shop?.shopUrl) throw ServiceError.notFound(DomainMessages.noShop);
    return shop;
  }

  private async requirePremium(userId: string) {
    if ((await this.planOf(userId)) !== 'premium')
      throw new ServiceError(ErrorCode.FORBIDDEN, DomainMessages.premiumOnly);
  }

  /** The plan is auth-service's: asked each time, so an upgrade or downgrade counts at once. */
  private async planOf(userId: string): Promise<UserPlan> {
    const { plan } = await this.services.request<{ plan: UserPlan }>(Subjects.auth.userPlan, {
      userId,
    });
    return plan;
  }
}
