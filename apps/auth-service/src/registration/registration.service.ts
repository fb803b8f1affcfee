import { Injectable } from '@nestjs/common';
import {
  type CodeSent,
  type CustomTokenAnswer,
  ErrorCode,
  normalizeEmail,
  OTP_VALIDITY_SECONDS,
  OtpPurpose,
  type RegisterSendOtpBody,
  type RegisterVerifyOtpBody,
} from '@kartlink/contracts';
import { RedisRateLimiter, ServiceError } from '@kartlink/server-kit';
import { DataSource, QueryFailedError } from 'typeorm';
import { CodeMessages, CodesService } from '../codes/codes.service';
import { countCodeSend } from '../codes/send-limit';
import { hashSecret, verifySecret } from '../crypto/hashing';
import { MailerService } from '../mail/mailer.service';
import { signUpCodeMail } from '../mail/templates';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';

const RegistrationMessages = {
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  noPendingSignUp: 'There is no sign-up waiting for this email. Please sign up again.',
  passwordMismatch: 'The password does not match the one you signed up with.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

const SIGN_IN_TOKEN_SECONDS = 300;

/**
 * Sign-up: nothing but a pending code exists until the e-mailed code comes back; then the
 * account is created and a one-time sign-in token is handed out.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: CodesService,
    private readonly sessions: SessionsService,
    private readonly mailer: MailerService,
    private readonly limiter: RedisRateLimiter,
    private readonly dataSource: DataSource,
  ) {}

  async sendCode(body: RegisterSendOtpBody): Promise<CodeSent> {
    const email = normalizeEmail(body.email);
    // Counted first, so that asking whether an address has an account is as limited as a send.
    await countCodeSend(this.limiter, email);
    if (await this.users.findByEmail(email))
      throw new ServiceError(ErrorCode.CONFLICT, RegistrationMessages.emailTaken);
    const pending = {
      fullName: body.fullName.trim(),
      passwordHash: await hashSecret(body.password),
    };
    return this.issueAndSend(email, pending);
  }

  async resendCode(email: string, fullName?: string): Promise<CodeSent> {
    const open = await this.codes.findOpen(email, OtpPurpose.registration);
    if (!open?.data)
      throw new ServiceError(ErrorCode.BAD_REQUEST, RegistrationMessages.noPendingSignUp);
    await countCodeSend(this.limiter, email);
    if (await this.users.findByEmail(email))
      throw new ServiceError(ErrorCode.CONFLICT, RegistrationMessages.emailTaken);
    return this.issueAndSend(email, {
      ...open.data,
      ...(fullName?.trim() ? { fullName: fullName.trim() } : {}),
    });
  }

  async verify(body: RegisterVerifyOtpBody): Promise<CustomTokenAnswer> {
    const email = normalizeEmail(body.email);
    const open = await this.codes.findOpen(email, OtpPurpose.registration);
    // The password is compared only after a code attempt is spent: five tries in all.
    const redeemed = await this.codes.redeem(open, body.otp, async () =>
      open?.data && !(await verifySecret(open.data.passwordHash, body.password))
        ? new ServiceError(ErrorCode.BAD_REQUEST, RegistrationMessages.passwordMismatch)
        : undefined,
    );
    if (!redeemed.data) throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.invalid);
    let user;
    try {
      user = await this.dataSource.transaction((manager) =>
        this.users.create(
          {
            email,
            displayName: redeemed.data!.fullName,
            passwordHash: redeemed.data!.passwordHash,
          },
          manager,
        ),
      );
    } catch (err) {
      if (err instanceof QueryFailedError && (err as { code?: string }).code === '23505') {
        throw new ServiceError(ErrorCode.CONFLICT, RegistrationMessages.emailTaken);
      }
      throw err;
    }
    const { token } = await this.sessions.issueSignInToken(user.id, {
      purpose: 'sign-in',
      ttlSeconds: SIGN_IN_TOKEN_SECONDS,
      newUser: true,
    });
    return { customToken: token };
  }

  private async issueAndSend(email: string, pending: Record<string, string>): Promise<CodeSent> {
    const { code, id } = await this.codes.issue(email, OtpPurpose.registration, pending);
    try {
      await this.mailer.send(signUpCodeMail(email, pending.fullName, code));
    } catch {
      // Nothing is kept for a request that failed.
      await this.codes.withdraw(id);
      throw new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, RegistrationMessages.mailFailed);
    }
    return { email, expiresInSeconds: OTP_VALIDITY_SECONDS };
  }
}
