import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RemovedCounts } from '@kartlink/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** Deletes, and counts, the rows of a statement (TypeORM answers a DELETE as [rows, count]). */
async function deleted(manager: EntityManager, sql: string, values: unknown[]): Promise<number> {
  const [, count] = (await manager.query(sql, values)) as [unknown, number];
  return count;
}

/** Every row of the `auth` schema that names an account, deleted in one transaction. */
@Injectable()
export class AccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The user, their sessions (theirs, and any an admin opened as them) with every refresh
   * token, their one-time sign-in tokens, the codes sent to their address and the audit lines
   * naming them. Run again, it finds nothing.
   */
  deleteAccount(userId: string, email: string | null): Promise<RemovedCounts> {
    return this.dataSource.transaction(async (manager) => {
      const sessions = `SELECT id FROM auth.sessions WHERE user_id = $1 OR impersonator_id = $1`;
      const refreshTokens = await deleted(
        manager,
        `DELETE FROM auth.refresh_tokens WHERE session_id IN (${sessions})`,
        [userId],
      );
      const sessionCount = await deleted(
        manager,
        'DELETE FROM auth.sessions WHERE user_id = $1 OR impersonator_id = $1',
        [userId],
      );
      const signInTokens = await deleted(
        manager,
        'DELETE FROM auth.sign_in_tokens WHERE user_id = $1 OR actor_id = $1',
        [userId],
      );
      const codes = email
        ? await deleted(manager, 'DELETE FROM auth.email_codes WHERE email = $1', [email])
        : 0;
      const auditLines = await deleted(
        manager,
        'DELETE FROM auth.audit_events WHERE actor_id = $1 OR subject_id = $1',
        [userId],
      );
      const apiKeys = await deleted(manager, 'DELETE FROM auth.api_keys WHERE user_id = $1', [
        userId,
      ]);
      const users = await deleted(manager, 'DELETE FROM auth.users WHERE id = $1', [userId]);
      return {
        users,
        apiKeys,
        sessions: sessionCount,
        refreshTokens,
        signInTokens,
        codes,
        auditLines,
      };
    });
  }
}
