import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ClientInfo,
  type PasswordResetSendOtpBody,
  type PasswordResetVerifyOtpBody,
  Subjects,
} from '@kartlink/contracts';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  @MessagePattern(Subjects.auth.resetSendCode)
  sendCode(@Payload() { client, ...body }: PasswordResetSendOtpBody & { client?: ClientInfo }) {
    return this.passwordReset.sendCode(body, client);
  }

  @MessagePattern(Subjects.auth.resetVerify)
  async verify(@Payload() body: PasswordResetVerifyOtpBody) {
    await this.passwordReset.verify(body);
    return {};
  }
}
