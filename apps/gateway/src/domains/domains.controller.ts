import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import {
  type Caller,
  type CustomDomain,
  type CustomDomainAnswer,
  DomainMessages,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import { SetCustomDomainRequest } from '@kartlink/contracts/dto';
import { ServiceError } from '@kartlink/server-kit';
import { AuthGuard, CurrentCaller } from '../auth/auth.guard';
import { PublicReadCache } from '../public/public-read-cache';
import { RateLimit } from '../rate-limit/rate-limit.decorator';
import { ServiceClient } from '../services/service-client';
import { CustomHosts, hostName } from './custom-hosts';

/** "Verify now" makes DNS queries: a budget of its own. */
const VERIFICATIONS = {
  name: 'domain-verifications',
  limit: 20,
  windowMs: 60_000,
  message: 'Too many checks. Please wait a minute before verifying again.',
};
/** Caddy asks once per new certificate; a burst of handshakes for unknown names is cut off. */
const TLS_CHECKS = { name: 'domain-checks', limit: 300, windowMs: 60_000 };

const RECORDS =
  'The answer shows the two DNS records to create: a CNAME from the domain to the ingress host ' +
  '(CUSTOM_DOMAIN_TARGET; an apex domain may instead resolve to the same addresses, ALIAS or ' +
  'flattening) and a TXT record `_kartlink.<domain>` = `kartlink-verify=<token>`.';

/**
 * The owner's custom domain (issue 20): one per shop, Premium only. API keys cannot reach these
 * routes (no scope is declared: the guard refuses keys).
 */
@ApiTags('custom domain')
@Controller()
export class DomainsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: PublicReadCache,
    private readonly hosts: CustomHosts,
  ) {}

  @Get('shop/domain')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "The shop's custom domain, its DNS records and status; `allowed` is false on the free plan",
  })
  @ApiOkResponse({
    description: '{ success: true, data: { customDomain: CustomDomain | null, allowed } }',
  })
  get(@CurrentCaller() caller: Caller): Promise<CustomDomainAnswer> {
    return this.services.request(Subjects.shop.domainGet, { caller });
  }

  @Put('shop/domain')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Add the custom domain (replaces the one there was); it is served once verified',
    description:
      `${RECORDS} The domain is lower-cased and an international one written in punycode; a ` +
      'scheme, port, path, IP address or the product’s own host is refused (400). Records are ' +
      'checked in the background (retried with backoff) or at once with POST /api/shop/domain/verify.',
  })
  @ApiOkResponse({ description: '{ success: true, data: CustomDomain } (status pending)' })
  @ApiForbiddenResponse({
    description: 'The free plan: "Upgrade to Premium to use your own domain"',
  })
  @ApiConflictResponse({ description: 'Another shop has this domain' })
  set(
    @CurrentCaller() caller: Caller,
    @Body() body: SetCustomDomainRequest,
  ): Promise<CustomDomain> {
    return this.written(
      this.services.request<ShopWrite<CustomDomain>>(Subjects.shop.domainSet, { caller, body }),
    );
  }

  @Post('shop/domain/verify')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @RateLimit(VERIFICATIONS)
  @ApiOperation({
    summary: 'Check the DNS records now',
    description:
      'Answers the domain with `status` verified (served from now on) or failed, `problem` ' +
      'saying which record is missing or wrong, each record’s `ok`, and `lastCheckedAt`. A ' +
      'verified domain whose records stay wrong for DOMAIN_GRACE_MS (3 days) is no longer served.',
  })
  @ApiOkResponse({ description: '{ success: true, data: CustomDomain }' })
  @ApiNotFoundResponse({ description: 'The shop has no custom domain' })
  verify(@CurrentCaller() caller: Caller): Promise<CustomDomain> {
    return this.written(
      this.services.request<ShopWrite<CustomDomain>>(Subjects.shop.domainVerify, { caller }),
    );
  }

  @Delete('shop/domain')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove the custom domain: it stops serving the shop at once' })
  @ApiNotFoundResponse({ description: 'The shop has no custom domain' })
  remove(@CurrentCaller() caller: Caller): Promise<null> {
    return this.written(
      this.services.request<ShopWrite<null>>(Subjects.shop.domainDelete, { caller }),
    );
  }

  @Get('domains/check')
  @RateLimit(TLS_CHECKS)
  @ApiOperation({
    summary: 'Is this host served here? For on-demand TLS (Caddy’s `ask`); no token needed',
    description:
      '200 when `domain` is a verified custom domain or the product’s own host, 404 otherwise. ' +
      'Answered on any Host, so the proxy can ask over the internal address.',
  })
  @ApiQuery({ name: 'domain', description: 'the host name a certificate is asked for' })
  @ApiOkResponse({ description: '{ success: true, data: { domain } }' })
  @ApiNotFoundResponse({ description: 'Not a host served here' })
  async check(@Query('domain') domain: unknown): Promise<{ domain: string }> {
    const name = hostName(typeof domain === 'string' ? domain : undefined);
    if (name && (this.hosts.isOwnHost(name) || (await this.hosts.shopAt(name))))
      return { domain: name };
    throw ServiceError.notFound(DomainMessages.notServed);
  }

  /** The write's answer, once this replica has dropped what it changed (read-your-writes). */
  private async written<T>(write: Promise<ShopWrite<T>>): Promise<T> {
    const { result, changedShopUrls } = await write;
    const domain = (result as { domain?: unknown } | null)?.domain;
    for (const shopUrl of changedShopUrls) this.hosts.forget(shopUrl);
    if (typeof domain === 'string') this.hosts.forget(undefined, [domain]);
    return this.cache.afterWrite(async () => ({ result, changedShopUrls }));
  }
}
