import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionEntity } from './session.entity';
import { SignInTokenEntity } from './sign-in-token.entity';

@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @InjectRepository(RefreshTokenEntity)
    private readonly refreshTokens: Repository<RefreshTokenEntity>,
    @InjectRepository(SignInTokenEntity)
    private readonly signInTokens: Repository<SignInTokenEntity>,
  ) {}

  findSession(id: string) {
    return this.sessions.findOneBy({ id });
  }

  createSession(values: Partial<SessionEntity>) {
    return this.sessions.save(this.sessions.create(values));
  }

  /**
   * A user's own sessions that still work (not ended, not expired, used since `usedSince`;
   * an admin acting as them is not one of their devices), the most recently used first.
   */
  listLive(userId: string, usedSince: Date) {
    return this.sessions
      .createQueryBuilder('session')
      .where('session.user_id = :userId', { userId })
      .andWhere('session.impersonator_id IS NULL')
      .andWhere('session.revoked_at IS NULL')
      .andWhere('session.expires_at > now()')
      .andWhere('session.last_used_at > :usedSince', { usedSince })
      .orderBy('session.last_used_at', 'DESC')
      .getMany();
  }

  /** A refresh used the session: one small update (and the time zone, when the browser said it). */
  async markUsed(id: string, timeZone: string | undefined) {
    await this.sessions.update(
      { id },
      { lastUsedAt: () => 'now()', ...(timeZone ? { timeZone } : {}) },
    );
  }

  /** Whether the user signed in before from this device (its label) in this time zone. */
  hasSignedInFrom(
    userId: string,
    device: string | null,
    timeZone: string | null,
    exceptId: string,
  ) {
    return this.sessions
      .createQueryBuilder('session')
      .where('session.user_id = :userId AND session.id <> :exceptId', { userId, exceptId })
      .andWhere('session.device IS NOT DISTINCT FROM :device', { device })
      .andWhere('session.time_zone IS NOT DISTINCT FROM :timeZone', { timeZone })
      .andWhere('session.impersonator_id IS NULL')
      .getExists();
  }

  /** Sessions revoked within the last `seconds`, with their reason and age in seconds. */
  async revokedWithin(
    seconds: number,
  ): Promise<Array<{ id: string; reason: string; ageSeconds: number }>> {
    return this.sessions
      .createQueryBuilder('session')
      .select('session.id', 'id')
      .addSelect(`coalesce(session.revoked_reason, 'revoked')`, 'reason')
      .addSelect('extract(epoch FROM now() - session.revoked_at)::int', 'ageSeconds')
      .where('session.revoked_at > now() - make_interval(secs => :seconds)', { seconds })
      .getRawMany();
  }

  /** Revokes the sessions matched and returns their ids (only those not revoked before). */
  async revoke(
    where: { id?: string; userId?: string; exceptId?: string },
    reason: string,
  ): Promise<string[]> {
    const query = this.sessions
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()', revokedReason: reason })
      .where('revoked_at IS NULL');
    if (where.id) query.andWhere('id = :id', { id: where.id });
    if (where.userId) query.andWhere('user_id = :userId', { userId: where.userId });
    if (where.exceptId) query.andWhere('id <> :exceptId', { exceptId: where.exceptId });
    const result = await query.returning('id').execute();
    return (result.raw as Array<{ id: string }>).map((row) => row.id);
  }

  addRefreshToken(sessionId: string, tokenHash: string) {
    return this.refreshTokens.save(this.refreshTokens.create({ sessionId, tokenHash }));
  }

  findRefreshToken(id: string) {
    return this.refreshTokens.findOneBy({ id });
  }

  /** Marks a refresh token used; false when it already was (a replay). */
  async useRefreshToken(id: string): Promise<boolean> {
    const result = await this.refreshTokens.update(
      { id, usedAt: IsNull() },
      { usedAt: () => 'now()' },
    );
    return (result.affected ?? 0) === 1;
  }

  addSignInToken(values: Partial<SignInTokenEntity>) {
    return this.signInTokens.save(this.signInTokens.create(values));
  }

  /** An unexpired, unused one-time token, left as it is. */
  findOpenSignInToken(tokenHash: string) {
    return this.signInTokens.findOneBy({
      tokenHash,
      usedAt: IsNull(),
      expiresAt: MoreThan(new Date()),
    });
  }

  /** Uses up an unexpired one-time token; undefined when unknown, used or late. */
  async redeemSignInToken(tokenHash: string): Promise<SignInTokenEntity | undefined> {
    const result = await this.signInTokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
      .returning('*')
      .execute();
    const row = (result.raw as Array<Record<string, unknown>>)[0];
    if (!row) return undefined;
    return this.signInTokens.create({
      id: row.id as string,
      purpose: row.purpose as SignInTokenEntity['purpose'],
      userId: row.user_id as string,
      actorId: row.actor_id as string | null,
      newUser: row.new_user as boolean,
    });
  }
}
