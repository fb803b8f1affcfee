import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthUser,
  type Caller,
  type ChangePasswordBody,
  ErrorCode,
  normalizePhone,
  type UpdateProfileBody,
  type UserPlan,
  type WebhookDisabledMail,
} from '@kartlink/contracts';
import { LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import { QueryFailedError } from 'typeorm';
import { hashSecret, verifySecret } from '../crypto/hashing';
import { MailerService } from '../mail/mailer.service';
import { passwordChangedMail, webhookDisabledMail } from '../mail/templates';
import { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from './user.entity';
import { toAuthUser } from './user.mapper';
import { UsersRepository } from './users.repository';

const ProfileMessages = {
  phoneTaken: 'This phone number is already registered to another account.',
  wrongPassword: 'Your current password is incorrect.',
  notFound: 'Your account could not be found. Please sign in again.',
} as const;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly mailer: MailerService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async me(caller: Caller): Promise<AuthUser> {
    const user = await this.load(caller.userId);
    const admin = caller.actorId ? await this.users.findById(caller.actorId) : null;
    return toAuthUser(user, admin ? { id: admin.id, email: admin.email } : undefined);
  }

  /** Which plan a user is on, for the services that enforce plan limits. */
  async plan(userId: string): Promise<{ plan: UserPlan }> {
    return { plan: (await this.load(userId)).plan };
  }

  /** Tells an owner one of their webhook endpoints was disabled; a deleted account is skipped. */
  async sendWebhookDisabledMail(notice: WebhookDisabledMail): Promise<Record<string, never>> {
    const user = await this.users.findById(notice.userId);
    if (!user) return {};
    await this.mailer.send(
      webhookDisabledMail(
        user.email,
        user.displayName ?? undefined,
        notice.url,
        new Date(notice.failingSince),
      ),
    );
    return {};
  }

  async updateProfile(caller: Caller, body: UpdateProfileBody): Promise<AuthUser> {
    const user = await this.load(caller.userId);
    if (body.displayName !== undefined) user.displayName = body.displayName.trim() || null;
    if (body.phoneNumber !== undefined) {
      const phone = body.phoneNumber === '' ? null : normalizePhone(body.phoneNumber);
      if (phone) {
        const owner = await this.users.findByPhone(phone);
        if (owner && owner.id !== user.id)
          throw new ServiceError(ErrorCode.CONFLICT, ProfileMessages.phoneTaken);
      }
      user.phoneNumber = phone;
    }
    if (body.photoURL !== undefined) user.photoURL = body.photoURL || null;
    try {
      await this.users.save(user);
    } catch (err) {
      // Two accounts claiming one number at the same moment: the unique index decides.
      if (err instanceof QueryFailedError && (err as { code?: string }).code === '23505') {
        throw new ServiceError(ErrorCode.CONFLICT, ProfileMessages.phoneTaken);
      }
      throw err;
    }
    return this.me(caller);
  }

  /** Changes the password and signs every other device out; this one stays signed in. */
  async changePassword(caller: Caller, body: ChangePasswordBody): Promise<void> {
    const user = await this.load(caller.userId);
    if (!user.passwordHash || !(await verifySecret(user.passwordHash, body.currentPassword))) {
      throw ServiceError.validation([
        { path: 'currentPassword', msg: ProfileMessages.wrongPassword },
      ]);
    }
    user.passwordHash = await hashSecret(body.newPassword);
    await this.users.save(user);
    await this.sessions.revoke({ userId: user.id, exceptId: caller.sessionId }, 'password-changed');
    await this.mailer
      .send(passwordChangedMail(user.email, user.displayName ?? undefined, new Date()))
      .catch((err: unknown) => this.logger.error({ err }, 'password changed notice not sent'));
  }

  private async load(id: string): Promise<UserEntity> {
    const user = await this.users.findById(id);
    if (!user) throw new ServiceError(ErrorCode.UNAUTHORIZED, ProfileMessages.notFound);
    return user;
  }
}
