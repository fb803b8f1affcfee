import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AnalyticsResolveAnswer,
  type AnalyticsResolveRequest,
  normalizeShopUrl,
  Subjects,
} from '@kartlink/contracts';
import { AnalyticsRefsRepository } from './analytics-refs.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_NAMES = 10_000;

const strings = (value: unknown, keep: (s: string) => boolean = () => true) =>
  (Array.isArray(value) ? value : [])
    .filter((v): v is string => typeof v === 'string' && keep(v))
    .slice(0, MAX_NAMES);

/** For analytics-service only: which shops and products these names are, and whose. */
@Controller()
export class AnalyticsRefsController {
  constructor(private readonly refs: AnalyticsRefsRepository) {}

  @MessagePattern(Subjects.shop.analyticsResolve)
  async resolve(@Payload() request: AnalyticsResolveRequest): Promise<AnalyticsResolveAnswer> {
    const shopUrls = strings(request?.shopUrls).map(normalizeShopUrl);
    const ownerUserIds = strings(request?.ownerUserIds, (s) => UUID.test(s));
    const productIds = strings(request?.productIds, (s) => UUID.test(s));
    const [shops, products] = await Promise.all([
      this.refs.shops({ shopUrls, ownerUserIds }),
      this.refs.products(productIds),
    ]);
    return { shops, products };
  }
}
