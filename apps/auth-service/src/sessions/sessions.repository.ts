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
