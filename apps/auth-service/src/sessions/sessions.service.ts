import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthSession,
  type Caller,
  type ClientInfo,
  type DeviceSession,
  ErrorCode,
  type IssuedSession,
  type LoginBody,
  ACCOUNT_DISABLED_MESSAGE,
  NEW_ACCOUNT_SECONDS,
  normalizeEmail,
  type OtherSessionsEnded,
  placeOfTimeZone,
  type SessionStatus,
  type SignInPreview,
  isUuid,
  UNKNOWN_DEVICE,
} from '@kartlink/contracts';
import { CONFIG, LOGGER, type Logger, ServiceError } from '@kartlink/server-kit';
import type { Redis } from 'ioredis';
import { AuditRepository } from '../admin/audit.repository';
import type { AuthConfig } from '../config';
import { decoyHash, newToken, tokenHash, verifySecret } from '../crypto/hashing';
import { KeysService } from '../keys/keys.service';
import { MailerService } from '../mail/mailer.service';
import { newSignInMail } from '../mail/templates';
import { REDIS } from '../redis.provider';
import type { UserEntity } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { describeWait, LoginThrottle } from './login-throttle';
import type { SessionEntity } from './session.entity';
import type { SignInTokenPurpose } from './sign-in-token.entity';
import { SessionsRepository } from './sessions.repository';

const SessionMessages = {
  invalidCredentials: 'Invalid email or password.',
  tooManyLogins: (wait: string) => `Too many login attempts. Please try again in ${wait}.`,
  invalidToken: 'This sign-in link is invalid or has expired.',
  expired: 'Your session has expired. Please log in again.',
  deviceNotFound: 'This device is not signed in to your account.',
} as const;

const DAY_SECONDS = 24 * 3600;
const IMPERSONATION_SESSION_SECONDS = 3600;

/** The Redis key that tells the gateway a session's access tokens no longer count. */
const revokedSessionKey = (sessionId: string) => `revoked-session:${sessionId}`;

/**
 * Sessions: one per signed-in device, each a family of rotating refresh tokens, with
 * short-lived signed access tokens. A refresh token works once; a replayed one ends the family.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly keys: KeysService,
    private readonly audit: AuditRepository,
    private readonly mailer: MailerService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.throttle = new LoginThrottle(redis);
    // A Redis that was away may have missed revocations, or come back empty (without
    // persistence): the marks of every session revoked within a token's life are written again.
    redis.on('ready', () => void this.markRecentRevocations());
  }

  private readonly throttle: LoginThrottle;

  async login(body: LoginBody, client: ClientInfo): Promise<IssuedSession> {
    const email = normalizeEmail(body.email);
    // The try is counted before the slow password check, so parallel tries cannot slip past.
    const wait = await this.throttle.take(client.ip, email);
    if (wait > 0)
      throw new ServiceError(
        ErrorCode.RATE_LIMITED,
        SessionMessages.tooManyLogins(describeWait(wait)),
      );
    const user = await this.users.findByEmail(email);
    const ok = await verifySecret(user?.passwordHash ?? (await decoyHash()), body.password);
    if (!user || !user.passwordHash || !ok)
      throw new ServiceError(ErrorCode.UNAUTHORIZED, SessionMessages.invalidCredentials);
    await this.throttle.clear(client.ip, email);
    if (user.disabledAt) throw accountDisabled();
    return this.start(user, { rememberMe: body.rememberMe ?? false, client });
  }

  /** Makes a one-time token that starts a session (after sign-up, Google, or for an admin). */
  async issueSignInToken(
    userId: string,
    options: {
      purpose: SignInTokenPurpose;
      ttlSeconds: number;
      actorId?: string;
      newUser?: boolean;
    },
  ) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
    await this.sessions.addSignInToken({
      tokenHash: tokenHash(token),
      userId,
      purpose: options.purpose,
      actorId: options.actorId ?? null,
      newUser: options.newUser ?? false,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** Whose account this one-time token opens, without using it: the page asks before it signs in. */
  async preview(token: string): Promise<SignInPreview> {
    const open = await this.sessions.findOpenSignInToken(tokenHash(token));
    const user = open && (await this.users.findById(open.userId));
    if (!open || !user)
      throw new ServiceError(ErrorCode.UNAUTHORIZED, SessionMessages.invalidToken);
    return {
      email: user.email,
      displayName: user.displayName ?? null,
      impersonation: open.purpose === 'impersonation',
    };
  }

  async exchange(token: string, rememberMe: boolean, client: ClientInfo): Promise<IssuedSession> {
    const redeemed = await this.sessions.redeemSignInToken(tokenHash(token));
    const user = redeemed && (await this.users.findById(redeemed.userId));
    if (!redeemed || !user)
      throw new ServiceError(ErrorCode.UNAUTHORIZED, SessionMessages.invalidToken);
    if (redeemed.purpose === 'impersonation') {
      const admin = redeemed.actorId ? await this.users.findById(redeemed.actorId) : null;
      if (!admin || admin.role !== 'admin' || user.role === 'admin') {
        throw new ServiceError(ErrorCode.FORBIDDEN, 'This admin sign-in link is no longer valid.');
      }
      const issued = await this.start(user, { rememberMe: false, client, impersonator: admin });
      await this.audit.record({
        type: 'impersonation.started',
        actorId: admin.id,
        subjectId: user.id,
        sessionId: issued.sessionId,
        details: { ip: client.ip },
      });
      return issued;
    }
    return this.start(user, { rememberMe, client, newUser: redeemed.newUser });
  }

  async refresh(refreshToken: string, client?: Partial<ClientInfo>): Promise<IssuedSession> {
    const [tokenId, secret] = refreshToken.split('.');
    const stored =
      tokenId && secret && isUuid(tokenId) ? await this.sessions.findRefreshToken(tokenId) : null;
    if (!stored || stored.tokenHash !== tokenHash(secret)) throw expired();
    const session = await this.sessions.findSession(stored.sessionId);
    // A disabled account is told so (its sessions were ended when it was disabled).
    const owner = session && (await this.users.findById(session.userId));
    if (session && owner?.disabledAt && !session.impersonatorId) {
      if (this.isLive(session)) await this.revoke({ id: session.id }, 'account-disabled');
      throw accountDisabled();
    }
    if (!session || !this.isLive(session)) {
      // Unused too long: ended for good, so that it leaves the device list and the gateway.
      if (session && !session.revokedAt && this.isIdle(session))
        await this.revoke({ id: session.id }, 'idle');
      throw expired();
    }
    if (!(await this.sessions.useRefreshToken(stored.id))) {
      // A refresh token came back after it was used: someone else holds a copy. End the family.
      this.logger.warn(
        { sessionId: session.id, userId: session.userId },
        'refresh token replayed; session revoked',
      );
      await this.revoke({ id: session.id }, 'refresh-token-reuse');
      throw expired();
    }
    const user = owner;
    const impersonator = session.impersonatorId
      ? await this.users.findById(session.impersonatorId)
      : undefined;
    if (!user || (session.impersonatorId && impersonator?.role !== 'admin')) {
      await this.revoke({ id: session.id }, 'impersonator-not-admin');
      throw expired();
    }
    if (user.disabledAt) {
      await this.revoke({ id: session.id }, 'account-disabled');
      throw accountDisabled();
    }
    await this.sessions.markUsed(session.id, client?.timeZone);
    await this.touch(user.id);
    return this.issue(user, session, { impersonator: impersonator ?? undefined });
  }

  /** The caller's signed-in devices, the one asking marked current. */
  async list(caller: Caller): Promise<DeviceSession[]> {
    const sessions = await this.sessions.listLive(caller.userId, this.idleSince());
    return sessions.map((session) => ({
      id: session.id,
      device: session.device ?? UNKNOWN_DEVICE,
      place: placeOfTimeZone(session.timeZone),
      timeZone: session.timeZone,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      current: session.id === caller.sessionId,
    }));
  }

  /**
   * Ends one of the caller's sessions: its refresh tokens stop at once, its access tokens on
   * their next request (the gateway's revocation list). Another person's session, an ended one
   * or no session at all answer the same 404.
   */
  async end(caller: Caller, id: string): Promise<void> {
    const session = isUuid(id) ? await this.sessions.findSession(id) : null;
    if (!session || session.userId !== caller.userId || !this.isLive(session))
      throw new ServiceError(ErrorCode.NOT_FOUND, SessionMessages.deviceNotFound);
    await this.revoke({ id, userId: caller.userId }, 'ended-by-owner');
  }

  /** Ends every session of the caller except the one asking. */
  async endOthers(caller: Caller): Promise<OtherSessionsEnded> {
    const ended = await this.revoke(
      { userId: caller.userId, exceptId: caller.sessionId },
      'ended-by-owner',
    );
    return { ended: ended.length };
  }

  /** Ends the session of this refresh token (or of this session id); unknown tokens are fine. */
  async logout(options: { refreshToken?: string; sessionId?: string }) {
    let sessionId = options.sessionId;
    if (!sessionId && options.refreshToken) {
      const [tokenId, secret] = options.refreshToken.split('.');
      const stored =
        tokenId && secret && isUuid(tokenId) ? await this.sessions.findRefreshToken(tokenId) : null;
      if (stored && stored.tokenHash === tokenHash(secret)) sessionId = stored.sessionId;
    }
    if (sessionId) await this.revoke({ id: sessionId }, 'logout');
  }

  async logoutAll(caller: Caller) {
    await this.revoke({ userId: caller.userId }, 'logout-all');
  }

  /** For the gateway, on requests made while an admin acts as a user: still allowed? */
  async check(sessionId: string): Promise<SessionStatus> {
    const session = isUuid(sessionId) ? await this.sessions.findSession(sessionId) : null;
    if (!session || !this.isLive(session)) return { active: false };
    if (session.impersonatorId) {
      const admin = await this.users.findById(session.impersonatorId);
      if (admin?.role !== 'admin') {
        await this.revoke({ id: session.id }, 'impersonator-not-admin');
        return { active: false };
      }
    }
    return { active: true };
  }

  /** Revokes sessions and tells the gateway at once, so their access tokens stop working. */
  async revoke(
    where: { id?: string; userId?: string; exceptId?: string },
    reason: string,
  ): Promise<string[]> {
    const ids = await this.sessions.revoke(where, reason);
    if (ids.length === 0) return ids;
    await this.markRevoked(ids.map((id) => ({ id, reason, ageSeconds: 0 })));
    for (const id of ids) {
      const session = await this.sessions.findSession(id);
      if (session?.impersonatorId) {
        await this.audit.record({
          type: 'impersonation.ended',
          actorId: session.impersonatorId,
          subjectId: session.userId,
          sessionId: id,
          details: { reason },
        });
      }
    }
    return ids;
  }

  /**
   * Tells every gateway at once that these sessions ended: a mark per session in Redis, kept as
   * long as an access token lives. With Redis away the revocation stands in the database (the
   * gateway asks here meanwhile) and the mark is written when Redis is back.
   */
  private async markRevoked(sessions: Array<{ id: string; reason: string; ageSeconds: number }>) {
    const pipeline = this.redis.pipeline();
    for (const { id, reason, ageSeconds } of sessions) {
      const left = ACCESS_TOKEN_TTL_SECONDS - ageSeconds;
      if (left > 0) pipeline.set(revokedSessionKey(id), reason, 'EX', left);
    }
    const failed = await pipeline.exec().then(
      (results) => results?.find(([err]) => err)?.[0],
      (err: Error) => err,
    );
    if (failed)
      this.logger.warn(
        { err: failed.message, sessions: sessions.length },
        'revoked sessions not marked in Redis: marked when it is back',
      );
  }

  private async markRecentRevocations() {
    try {
      await this.markRevoked(await this.sessions.revokedWithin(ACCESS_TOKEN_TTL_SECONDS));
    } catch (err) {
      this.logger.warn({ err }, 'recent revocations not marked again');
    }
  }

  private async start(
    user: UserEntity,
    options: {
      rememberMe: boolean;
      client: ClientInfo;
      impersonator?: UserEntity;
      newUser?: boolean;
    },
  ): Promise<IssuedSession & { sessionId: string }> {
    // Every way in (password, Google, e-mailed code, one-time link) starts here.
    if (user.disabledAt) throw accountDisabled();
    const lifetime = options.impersonator
      ? IMPERSONATION_SESSION_SECONDS
      : options.rememberMe
        ? this.config.SESSION_DAYS * DAY_SECONDS
        : DAY_SECONDS;
    const session = await this.sessions.createSession({
      userId: user.id,
      impersonatorId: options.impersonator?.id ?? null,
      rememberMe: options.rememberMe && !options.impersonator,
      userAgent: options.client.userAgent?.slice(0, 512) ?? null,
      ipAddress: options.client.ip.slice(0, 64),
      device: options.client.device?.slice(0, 64) || null,
      timeZone: options.client.timeZone?.slice(0, 64) || null,
      expiresAt: new Date(Date.now() + lifetime * 1000),
    });
    const issued = await this.issue(user, session, options);
    if (!options.impersonator) await this.touch(user.id);
    if (!options.impersonator && !options.newUser)
      this.noticeNewDevice(user, session).catch((err: unknown) =>
        this.logger.error({ err }, 'new sign-in notice not sent'),
      );
    return { ...issued, sessionId: session.id };
  }

  /** Mails the owner when a sign-in comes from a device (label and time zone) not seen before. */
  private async noticeNewDevice(user: UserEntity, session: SessionEntity) {
    const seen = await this.sessions.hasSignedInFrom(
      user.id,
      session.device,
      session.timeZone,
      session.id,
    );
    if (seen) return;
    await this.mailer.send(
      newSignInMail(user.email, user.displayName ?? undefined, {
        device: session.device,
        timeZone: session.timeZone,
        when: session.createdAt,
        accountUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/dashboard/account`,
      }),
    );
  }

  /** The user's last activity (the admin console's), written at most once a minute. */
  private async touch(userId: string) {
    await this.users
      .touchActive(userId)
      .catch((err: unknown) => this.logger.warn({ err }, 'last activity not written'));
  }

  private isIdle(session: SessionEntity): boolean {
    return session.lastUsedAt.getTime() <= this.idleSince().getTime();
  }

  /** Sessions last used before this moment have gone idle. */
  private idleSince(): Date {
    return new Date(Date.now() - this.config.SESSION_IDLE_SECONDS * 1000);
  }

  private isLive(session: SessionEntity): boolean {
    return !session.revokedAt && session.expiresAt.getTime() > Date.now() && !this.isIdle(session);
  }

  private async issue(
    user: UserEntity,
    session: SessionEntity,
    options: { impersonator?: UserEntity; newUser?: boolean },
  ): Promise<IssuedSession> {
    const secret = newToken();
    const stored = await this.sessions.addRefreshToken(session.id, tokenHash(secret));
    const accessToken = await this.keys.sign({
      sub: user.id,
      sid: session.id,
      role: user.role,
      ...(options.impersonator ? { act: { sub: options.impersonator.id } } : {}),
    });
    const isNewUser =
      Boolean(options.newUser) ||
      Date.now() - user.createdAt.getTime() < NEW_ACCOUNT_SECONDS * 1000;
    const impersonatedBy = options.impersonator && {
      id: options.impersonator.id,
      email: options.impersonator.email,
    };
    const answer: AuthSession = {
      accessToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      user: toAuthUser(user, impersonatedBy),
      isNewUser,
    };
    const remaining = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
    return {
      session: answer,
      refreshToken: `${stored.id}.${secret}`,
      refreshMaxAge: session.rememberMe ? remaining : null,
    };
  }
}

const expired = () => new ServiceError(ErrorCode.UNAUTHORIZED, SessionMessages.expired);
const accountDisabled = () =>
  new ServiceError(ErrorCode.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE);
