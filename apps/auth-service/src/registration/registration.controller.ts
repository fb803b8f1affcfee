import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ClientInfo,
  normalizeEmail,
  OtpPurpose,
  type RegisterSendOtpBody,
  type RegisterVerifyOtpBody,
  type ResendOtpBody,
  Subjects,
} from '@kartlink/contracts';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { RegistrationService } from './registration.service';

@Controller()
export class RegistrationController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @MessagePattern(Subjects.auth.registerSendCode)
  sendCode(@Payload() body: RegisterSendOtpBody) {
    return this.registration.sendCode(body);
  }

  @MessagePattern(Subjects.auth.registerVerify)
  verify(@Payload() body: RegisterVerifyOtpBody) {
    return this.registration.verify(body);
  }

  @MessagePattern(Subjects.auth.resendCode)
  resend(@Payload() { client, ...body }: ResendOtpBody & { client?: ClientInfo }) {
    return body.purpose === OtpPurpose.registration
      ? this.registration.resendCode(normalizeEmail(body.email), body.fullName)
      : this.passwordReset.sendCode({ email: body.email }, client);
  }
}
