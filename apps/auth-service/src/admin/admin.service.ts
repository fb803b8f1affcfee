import { Injectable } from '@nestjs/common';
import { type Caller, ErrorCode, normalizeEmail, type UserPlan } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { SessionsService } from '../sessions/sessions.service';
import { toAuthUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { AuditRepository } from './audit.repository';

/** An impersonation token is single use and lives at most 15 minutes. */
const IMPERSONATION_TOKEN_SECONDS = 15 * 60;

@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditRepository,
  ) {}

  /** Admin status is read from the database, not trusted from the token. */
  private async admin(caller: Caller) {
    if (caller.actorId) {
      throw new ServiceError(
        ErrorCode.FORBIDDEN,
        'Stop acting as a user before acting as another.',
      );
    }
    const admin = await this.users.findById(caller.userId);
    if (admin?.role !== 'admin')
      throw new ServiceError(ErrorCode.FORBIDDEN, 'Only an admin can do this.');
    return admin;
  }

  /** Moves a user to the free or the premium plan (billing is outside the product for now). */
  async setPlan(caller: Caller, email: string, plan: UserPlan) {
    const admin = await this.admin(caller);
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) throw ServiceError.notFound('No account uses this email.');
    const previous = user.plan;
    user.plan = plan;
    await this.users.save(user);
    await this.audit.record({
      type: 'admin.plan-changed',
      actorId: admin.id,
      subjectId: user.id,
      details: { from: previous, to: plan },
    });
    return toAuthUser(user);
  }

  async impersonate(caller: Caller, email: string) {
    const admin = await this.admin(caller);
    const target = await this.users.findByEmail(normalizeEmail(email));
    if (!target) throw ServiceError.notFound('No account uses this email.');
    if (target.role === 'admin')
      throw new ServiceError(ErrorCode.FORBIDDEN, 'An admin account cannot be impersonated.');
    const { token, expiresAt } = await this.sessions.issueSignInToken(target.id, {
      purpose: 'impersonation',
      ttlSeconds: IMPERSONATION_TOKEN_SECONDS,
      actorId: admin.id,
    });
    await this.audit.record({
      type: 'impersonation.token-created',
      actorId: admin.id,
      subjectId: target.id,
      details: { expiresAt: expiresAt.toISOString() },
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }
}
