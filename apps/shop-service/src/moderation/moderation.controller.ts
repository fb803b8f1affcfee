import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AdminListQuery,
  type Caller,
  type CreateReportBody,
  type ModerationReasonBody,
  type ReportQuery,
  type ResolveReportBody,
  Subjects,
} from '@kartlink/contracts';
import { ModerationService } from './moderation.service';

type Action<B = undefined> = { caller: Caller; id: string; body: B };

@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @MessagePattern(Subjects.shop.adminOwnerSummaries)
  ownerSummaries(@Payload() { userIds }: { userIds: unknown }) {
    return this.moderation.ownerSummaries(userIds);
  }

  @MessagePattern(Subjects.shop.adminOwnersMatching)
  ownersMatching(@Payload() { q }: { q: unknown }) {
    return this.moderation.ownersMatching(q);
  }

  @MessagePattern(Subjects.shop.adminOwnerDisabled)
  ownerDisabled(@Payload() { userId, disabled }: { userId: string; disabled: boolean }) {
    return this.moderation.ownerDisabled(userId, disabled === true);
  }

  @MessagePattern(Subjects.shop.adminShops)
  shops(@Payload() { caller, query }: { caller: Caller; query: AdminListQuery }) {
    return this.moderation.shops(caller, query ?? {});
  }

  @MessagePattern(Subjects.shop.adminProducts)
  products(@Payload() { caller, query }: { caller: Caller; query: AdminListQuery }) {
    return this.moderation.products(caller, query ?? {});
  }

  @MessagePattern(Subjects.shop.adminHideShop)
  hideShop(@Payload() { caller, id, body }: Action<ModerationReasonBody>) {
    return this.moderation.hideShop(caller, id, body?.reason);
  }

  @MessagePattern(Subjects.shop.adminRestoreShop)
  restoreShop(@Payload() { caller, id }: Action) {
    return this.moderation.restoreShop(caller, id);
  }

  @MessagePattern(Subjects.shop.adminHideProduct)
  hideProduct(@Payload() { caller, id, body }: Action<ModerationReasonBody>) {
    return this.moderation.hideProduct(caller, id, body?.reason);
  }

  @MessagePattern(Subjects.shop.adminRestoreProduct)
  restoreProduct(@Payload() { caller, id }: Action) {
    return this.moderation.restoreProduct(caller, id);
  }

  @MessagePattern(Subjects.shop.createReport)
  createReport(@Payload() { body, visitor }: { body: CreateReportBody; visitor: string }) {
    return this.moderation.createReport(body, String(visitor ?? ''));
  }

  @MessagePattern(Subjects.shop.adminReports)
  reports(@Payload() { caller, query }: { caller: Caller; query: ReportQuery }) {
    return this.moderation.reports(caller, query ?? {});
  }

  @MessagePattern(Subjects.shop.adminResolveReport)
  resolve(@Payload() { caller, id, body }: Action<ResolveReportBody>) {
    return this.moderation.resolveReport(caller, id, body);
  }
}
