import { Injectable } from '@nestjs/common';
import { ErrorCode, OTP_LENGTH, OTP_VALIDITY_SECONDS, type OtpPurpose } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { randomInt } from 'node:crypto';
import { decoyHash, hashSecret, verifySecret } from '../crypto/hashing';
import { CodesRepository } from './codes.repository';
import type { EmailCodeEntity } from './email-code.entity';

export const MAX_CODE_ATTEMPTS = 5;

export const CodeMessages = {
  invalid: 'Invalid verification code',
  expired: 'This verification code has expired. Please request a new one.',
  locked: 'Too many incorrect attempts. Please request a new code.',
} as const;

/** A fresh code, uniformly random over all 6-digit strings (leading zeros included). */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * E-mailed codes: crypto-random, stored as an argon2id hash, valid for 600 s, five wrong tries
 * lock them, a new one supersedes the old, and a right one works once.
 */
@Injectable()
export class CodesService {
  constructor(private readonly codes: CodesRepository) {}

  /** Issues a new code (the old one stops working) and returns it, to be sent. */
  async issue(email: string, purpose: OtpPurpose, data: Record<string, string> | null = null) {
    const code = generateCode();
    const stored = await this.codes.replace({
      email,
      purpose,
      codeHash: await hashSecret(code),
      expiresAt: new Date(Date.now() + OTP_VALIDITY_SECONDS * 1000),
      data,
    });
    return { code, id: stored.id };
  }

  /** The open code of this e-mail and purpose, e.g. to read a pending registration. */
  findOpen(email: string, purpose: OtpPurpose) {
    return this.codes.findOpen(email, purpose);
  }

  /** Withdraws a code that could not be delivered. */
  async withdraw(id: string) {
    await this.codes.delete(id);
  }

  /**
   * Checks and uses up the code; throws the message a person should see when it is wrong.
   * `alsoCheck` is a secret sent with the code (the pending sign-up's password): it is compared
   * only after an attempt is spent, so that it cannot be guessed more often than the code, and
   * its refusal comes first.
   */
  async redeem(
    open: EmailCodeEntity | null,
    code: string,
    alsoCheck?: () => Promise<ServiceError | undefined>,
  ): Promise<EmailCodeEntity> {
    if (!open) {
      // As slow as a wrong code: no open code must not tell that no account asked for one.
      await verifySecret(await decoyHash(), code);
      throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.invalid);
    }
    if (open.expiresAt.getTime() <= Date.now())
      throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.expired);
    const attempts = await this.codes.takeAttempt(open.id, MAX_CODE_ATTEMPTS);
    if (attempts === undefined) {
      throw new ServiceError(
        ErrorCode.BAD_REQUEST,
        open.attempts >= MAX_CODE_ATTEMPTS ? CodeMessages.locked : CodeMessages.expired,
      );
    }
    const [refusal, codeMatches] = await Promise.all([
      alsoCheck?.(),
      verifySecret(open.codeHash, code),
    ]);
    if (refusal || !codeMatches) {
      if (attempts >= MAX_CODE_ATTEMPTS) {
        await this.codes.consume(open.id);
        throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.locked);
      }
      throw refusal ?? new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.invalid);
    }
    if (!(await this.codes.consume(open.id)))
      throw new ServiceError(ErrorCode.BAD_REQUEST, CodeMessages.invalid);
    return open;
  }
}
