import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ACCOUNT_DELETION_PURPOSE,
  type AccountDeleted,
  type AccountDeletionBody,
  type AccountShopRef,
  type ApiKeysRevoked,
  type Caller,
  type ClientInfo,
  type DeletionCodeSent,
  ErrorCode,
  Events,
  OTP_VALIDITY_SECONDS,
  type OtpPurpose,
  type RemovedCounts,
  Subjects,
  type UserDeleted,
} from '@kartlink/contracts';
import {
  CONFIG,
  ensureAccountsStream,
  LOGGER,
  type Logger,
  NatsRequester,
  RedisRateLimiter,
  ServiceError,
  untilJetStreamAnswers,
} from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { JSONCodec } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { AuditRepository } from '../admin/audit.repository';
import { CodesService } from '../codes/codes.service';
import { countCodeSend } from '../codes/send-limit';
import type { AuthConfig } from '../config';
import { verifySecret } from '../crypto/hashing';
import { MailerService } from '../mail/mailer.service';
import { accountDeletedMail, deletionCodeMail } from '../mail/templates';
import { REDIS } from '../redis.provider';
import { describeWait, LoginThrottle } from '../sessions/login-throttle';
import { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { AccountsRepository } from './accounts.repository';

const DeletionMessages = {
  wrongPassword: 'Your password is incorrect.',
  passwordRequired: 'Enter your password to delete your account.',
  codeRequired: 'Enter the 6-digit code we e-mailed you.',
  hasPassword: 'Your account has a password: confirm with it instead of a code.',
  impersonated: 'An admin signed in as this user cannot delete the account.',
  notFound: 'Your account could not be found. Please sign in again.',
  tooMany: (wait: string) => `Too many attempts. Please try again in ${wait}.`,
  unavailable: 'Your account could not be deleted right now. Please try again in a moment.',
  notSent: 'The code could not be sent right now. Please try again in a moment.',
} as const;

const codec = JSONCodec<UserDeleted>();
const purpose = ACCOUNT_DELETION_PURPOSE as OtpPurpose;

/**
 * The audit line's name for an account: a digest, so that the line keeps no personal data yet
 * answers "was this account deleted, and when?" for someone who knows its id.
 */
const userIdDigest = (userId: string) =>
  createHash('sha256').update(`kartlink-user:${userId}`).digest('hex');

/**
 * Deleting an account: confirmed with its password (or, without one, an e-mailed code), then
 * announced on the ACCOUNTS stream so that every service deletes what it holds of it.
 * shop-service is asked at once too, so that the shop answers 404 before this answers; this
 * service deletes its own rows last, once nothing can stop the others from doing theirs.
 */
@Injectable()
export class AccountsService implements OnModuleInit {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly codes: CodesService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditRepository,
    private readonly mailer: MailerService,
    private readonly limiter: RedisRateLimiter,
    private readonly services: NatsRequester,
    @Inject(REDIS) redis: Redis,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.throttle = new LoginThrottle(redis);
  }

  async onModuleInit() {
    const connection = await this.services.connection();
    await untilJetStreamAnswers(
      async () =>
        ensureAccountsStream(await connection.jetstreamManager(), this.config.NATS_SUBJECT_PREFIX, {
          replicas: this.config.JETSTREAM_REPLICAS,
          logger: this.logger,
        }),
      this.logger,
    );
  }

  /** POST /api/account/deletion-code: for an account without a password (Google only). */
  async sendCode(caller: Caller): Promise<DeletionCodeSent> {
    const user = await this.owner(caller);
    if (user.passwordHash)
      throw new ServiceError(ErrorCode.BAD_REQUEST, DeletionMessages.hasPassword);
    await countCodeSend(this.limiter, user.email);
    const { code, id } = await this.codes.issue(user.email, purpose);
    try {
      await this.mailer.send(deletionCodeMail(user.email, user.displayName ?? undefined, code));
    } catch (err) {
      this.logger.error({ err }, 'deletion code not sent');
      await this.codes.withdraw(id);
      throw new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, DeletionMessages.notSent);
    }
    return { email: user.email, expiresInSeconds: OTP_VALIDITY_SECONDS };
  }

  /** POST /api/account/delete. A wrong password or code changes nothing. */
  async delete(
    caller: Caller,
    body: AccountDeletionBody,
    client: Pick<ClientInfo, 'ip'>,
  ): Promise<AccountDeleted> {
    const user = await this.owner(caller);
    const proof = await this.confirm(user, body, client.ip);

    let shop: AccountShopRef | null;
    try {
      shop = await this.services.request<AccountShopRef | null>(Subjects.shop.accountShop, {
        userId: user.id,
      });
    } catch (err) {
      this.logger.warn({ err }, 'account not deleted: shop-service did not answer');
      throw new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, DeletionMessages.unavailable);
    }
    const event: UserDeleted = {
      id: randomUUID(),
      userId: user.id,
      shop,
      deletedAt: new Date().toISOString(),
    };
    try {
      const connection = await this.services.connection();
      await connection
        .jetstream()
        .publish(`${this.config.NATS_SUBJECT_PREFIX}${Events.userDeleted}`, codec.encode(event), {
          msgID: event.id,
        });
    } catch (err) {
      this.logger.warn({ err }, 'account not deleted: the deletion could not be announced');
      throw new ServiceError(ErrorCode.SERVICE_UNAVAILABLE, DeletionMessages.unavailable);
    }

    // From here the deletion stands: each service's consumer completes what fails below (and
    // may well get there first: what each removed is in its log lines, under the event's id).
    let changedShopUrls = shop?.shopUrl ? [shop.shopUrl] : [];
    try {
      ({ changedShopUrls } = await this.services.request<{ changedShopUrls: string[] }>(
        Subjects.shop.applyUserDeleted,
        event,
      ));
    } catch (err) {
      this.logger.warn({ err, eventId: event.id }, 'shop not deleted at once: left to the stream');
    }
    await this.applyUserDeleted(event, user);
    await this.audit.record({
      type: 'account.deleted',
      details: {
        user: userIdDigest(user.id),
        eventId: event.id,
        proof,
        shops: shop ? 1 : 0,
        products: shop?.products ?? 0,
      },
    });
    await this.throttle.clear(client.ip, user.email).catch(() => undefined);
    this.mailer
      .send(accountDeletedMail(user.email, user.displayName ?? undefined, new Date()))
      .catch((err: unknown) => this.logger.error({ err }, 'account deleted notice not sent'));
    return { changedShopUrls };
  }

  /**
   * Ends every session at once (the gateway's revocation marks), then deletes the account's
   * rows. Idempotent: the stream's redelivery, or a second event, finds nothing.
   */
  async applyUserDeleted(event: UserDeleted, user?: UserEntity): Promise<RemovedCounts> {
    const found = user ?? (await this.users.findById(event.userId));
    await this.sessions.revoke({ userId: event.userId }, 'account-deleted');
    const removed = await this.accounts.deleteAccount(event.userId, found?.email ?? null);
    // The account's API keys stop working on every gateway at once, not when their lookups expire.
    const revoked: ApiKeysRevoked = { userId: event.userId };
    await this.services
      .publish(Events.apiKeysRevoked, revoked)
      .catch((err: unknown) => this.logger.warn({ err }, 'API key revocation not announced'));
    this.logger.info({ eventId: event.id, removed }, 'deleted account: auth data removed');
    return removed;
  }

  private async owner(caller: Caller): Promise<UserEntity> {
    if (caller.actorId) throw new ServiceError(ErrorCode.FORBIDDEN, DeletionMessages.impersonated);
    const user = await this.users.findById(caller.userId);
    if (!user) throw new ServiceError(ErrorCode.UNAUTHORIZED, DeletionMessages.notFound);
    return user;
  }

  /** The password (counted like a sign-in's tries), or the e-mailed code of a Google-only account. */
  private async confirm(
    user: UserEntity,
    body: AccountDeletionBody,
    ip: string,
  ): Promise<'password' | 'code'> {
    if (!user.passwordHash) {
      if (!body.code)
        throw ServiceError.validation([{ path: 'code', msg: DeletionMessages.codeRequired }]);
      await this.codes.redeem(await this.codes.findOpen(user.email, purpose), body.code);
      return 'code';
    }
    if (!body.password)
      throw ServiceError.validation([{ path: 'password', msg: DeletionMessages.passwordRequired }]);
    const wait = await this.throttle.take(ip, user.email);
    if (wait > 0)
      throw new ServiceError(ErrorCode.RATE_LIMITED, DeletionMessages.tooMany(describeWait(wait)));
    if (!(await verifySecret(user.passwordHash, body.password)))
      throw ServiceError.validation([{ path: 'password', msg: DeletionMessages.wrongPassword }]);
    return 'password';
  }
}
