import { Injectable } from '@nestjs/common';
import { type Caller, ErrorCode, normalizeEmail } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';
import { AuditRepository } from './audit.repository';

/** An impersonation token is single use and lives at most 15 minutes. */
export const IMPERSONATION_TOKEN_SECONDS = 15 * 60;

@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditRepository,
  ) {}

  /** Admin status is read from the database, not trusted from the token. */
  async impersonate(caller: Caller, email: string) {
    if (caller.actorId)
      throw new ServiceError(
        ErrorCode.FORBIDDEN,
        'Stop acting as a user before acting as another.',
      );
    const admin = await this.users.findById(caller.userId);
    if (admin?.role !== 'admin')
      throw new ServiceError(ErrorCode.FORBIDDEN, 'Only an admin can do this.');
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
