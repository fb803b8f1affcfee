import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  type ChangePasswordBody,
  Subjects,
  type UpdateProfileBody,
} from '@kartlink/contracts';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(Subjects.auth.me)
  me(@Payload() { caller }: { caller: Caller }) {
    return this.users.me(caller);
  }

  @MessagePattern(Subjects.auth.userPlan)
  plan(@Payload() { userId }: { userId: string }) {
    return this.users.plan(userId);
  }

  @MessagePattern(Subjects.auth.updateProfile)
  updateProfile(@Payload() { caller, body }: { caller: Caller; body: UpdateProfileBody }) {
    return this.users.updateProfile(caller, body);
  }

  @MessagePattern(Subjects.auth.changePassword)
  async changePassword(@Payload() { caller, body }: { caller: Caller; body: ChangePasswordBody }) {
    await this.users.changePassword(caller, body);
    return {};
  }
}
