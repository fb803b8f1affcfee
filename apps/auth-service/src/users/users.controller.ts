import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
  type ChangePasswordBody,
  type ImageReferencesAnswer,
  type ImageReferencesRequest,
  isUuid,
  MAX_IMAGE_REFERENCE_IDS,
  Subjects,
  type UpdateProfileBody,
  type WebhookDisabledMail,
} from '@kartlink/contracts';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  /** For media-service's image sweep only: which of these images are profile photos. */
  @MessagePattern(Subjects.auth.referencedImages)
  async referencedImages(
    @Payload() request: ImageReferencesRequest,
  ): Promise<ImageReferencesAnswer> {
    const ids = (Array.isArray(request?.ids) ? request.ids : [])
      .filter((id): id is string => typeof id === 'string' && isUuid(id))
      .slice(0, MAX_IMAGE_REFERENCE_IDS)
      .map((id) => id.toLowerCase());
    return { referenced: await this.repository.referencedImages(ids) };
  }

  @MessagePattern(Subjects.auth.me)
  me(@Payload() { caller }: { caller: Caller }) {
    return this.users.me(caller);
  }

  @MessagePattern(Subjects.auth.userPlan)
  plan(@Payload() { userId }: { userId: string }) {
    return this.users.plan(userId);
  }

  @MessagePattern(Subjects.auth.webhookDisabledMail)
  webhookDisabledMail(@Payload() notice: WebhookDisabledMail) {
    return this.users.sendWebhookDisabledMail(notice);
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
