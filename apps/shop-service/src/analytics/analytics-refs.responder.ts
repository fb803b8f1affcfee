import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AnalyticsResolveAnswer,
  type AnalyticsResolveRequest,
  normalizeShopUrl,
  Subjects,
  isUuid,
} from '@kartlink/contracts';
import { AnalyticsRefsRepository } from './analytics-refs.repository';

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
    const ownerUserIds = strings(request?.ownerUserIds, isUuid);
    const productIds = strings(request?.productIds, isUuid);
    const [shops, products] = await Promise.all([
      this.refs.shops({ shopUrls, ownerUserIds }),
      this.refs.products(productIds),
    ]);
    return { shops, products };
  }
}
