import { Inject, Injectable } from '@nestjs/common';
import {
  type ClientInfo,
  type CodeSent,
  ErrorCode,
  normalizeEmail,
  OTP_VALIDITY_SECONDS,
  OtpPurpose,
  type PasswordResetSendOtpBody,
  type PasswordResetVerifyOtpBody,
} from '@kartlink/contracts';
import { LOGGER, type Logger, RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import { CodeMessages, CodesService } from '../codes/codes.service';
import { countCodeSend } from '../codes/send-limit';
import { hashSecret } from '../crypto/hashing';
import { MailerService } from '../mail/mailer.service';
import { passwordChangedMail, resetCodeMail } from '../mail/templates';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';

/**
 * Password reset. The answer to "send a code" is the same whether or not the account exists,
 * and it leaves before the account is even looked up (the code is made and mailed after it), so
 * neither words nor timing tell accounts apart.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: CodesService,
    private readonly sessions: SessionsService,
    private readonly mailer: MailerService,
    private readonly limiter: RedisRateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `client`: where the request came from, named in the mail ("Chrome on Android, Kolkata time"). */
  async sendCode(body: PasswordResetSendOtpBody, client?: Partial<ClientInfo>): Promise<CodeSent> {
    const email = normalizeEmail(body.email);
    await countCodeSend(this.limiter, email);
    this.mailCode(email, client).catch((err: unknown) =>
      this.logger.error({ err }, 'password reset mail not sent'),
    );
    return { email, expiresInSeconds: OTP_VALIDITY_SECONDS };
  }

  /** Makes and mails a code when the account exists; runs after the answer has left. */
  private async mailCode(email: string, client?: Partial<ClientInfo>): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const { code } = await this.codes.issue(email, OtpPurpose.passwordReset);
    await this.mailer.send(
      resetCodeMail(email, user.displayName ?? undefined, code, {
        device: client?.device,
        timeZone: client?.timeZone,
      }),
    );
  }

  async verify(body: PasswordResetVerifyOtpBody): Promise<void> {
    const email = normalizeEmail(body.email);
    const user = await this.users.findByEmail(email);
    const open = user && (await this.codes.findOpen(email, OtpPurpose.passwordReset));
    // No account: the same answer as a wrong code, after as long.
    await this.codes.redeem(open ?? null, body.otp);
    if (!user) throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.invalid);
    user.passwordHash = await hashSecret(body.newPassword);
    await this.users.save(user);
    await this.sessions.revoke({ userId: user.id }, 'password-reset');
    await this.mailer
      .send(passwordChangedMail(email, user.displayName ?? undefined, new Date()))
      .catch((err: unknown) => this.logger.error({ err }, 'password changed notice not sent'));
  }
}
