import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AdminAuditRecord,
  type AdminListQuery,
  type AuditQuery,
  type Caller,
  type CreateImpersonationBody,
  type ModerationReasonBody,
  type SetPlanBody,
  Subjects,
} from '@kartlink/contracts';
import { AdminService } from './admin.service';

@Controller()
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @MessagePattern(Subjects.auth.setPlan)
  setPlan(@Payload() { caller, body }: { caller: Caller; body: SetPlanBody }) {
    return this.admin.setPlan(caller, body.email, body.plan);
  }

  @MessagePattern(Subjects.auth.impersonate)
  impersonate(@Payload() { caller, body }: { caller: Caller; body: CreateImpersonationBody }) {
    return this.admin.impersonate(caller, body.email);
  }

  @MessagePattern(Subjects.auth.adminCheck)
  check(@Payload() { userId }: { userId: string }) {
    return this.admin.isAdmin(userId);
  }

  @MessagePattern(Subjects.auth.adminUsers)
  users(@Payload() { caller, query }: { caller: Caller; query: AdminListQuery }) {
    return this.admin.listUsers(caller, query ?? {});
  }

  @MessagePattern(Subjects.auth.adminDisableUser)
  disable(
    @Payload() { caller, id, body }: { caller: Caller; id: string; body: ModerationReasonBody },
  ) {
    return this.admin.disable(caller, id, body.reason);
  }

  @MessagePattern(Subjects.auth.adminEnableUser)
  enable(@Payload() { caller, id }: { caller: Caller; id: string }) {
    return this.admin.enable(caller, id);
  }

  @MessagePattern(Subjects.auth.adminAudit)
  audit(@Payload() { caller, query }: { caller: Caller; query: AuditQuery }) {
    return this.admin.auditPage(caller, query ?? {});
  }

  @MessagePattern(Subjects.auth.adminAuditCsv)
  auditCsv(@Payload() { caller, query }: { caller: Caller; query: AuditQuery }) {
    return this.admin.auditCsv(caller, query ?? {});
  }

  @MessagePattern(Subjects.auth.adminRecord)
  record(@Payload() request: AdminAuditRecord) {
    return this.admin.record(request);
  }

  @MessagePattern(Subjects.auth.adminUserEmails)
  emails(@Payload() { ids }: { ids: unknown }) {
    return this.admin.userEmails(ids);
  }

  @MessagePattern(Subjects.auth.adminUsersMatching)
  matching(@Payload() { q }: { q: unknown }) {
    return this.admin.usersMatching(q);
  }
}
