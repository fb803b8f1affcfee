import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  type CreateImpersonationBody,
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
}
