import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_PAGE_SIZE,
  type AdminAuditRecord,
  type AdminListQuery,
  type AdminPage,
  type AdminUser,
  type AuditEntry,
  type AuditQuery,
  type Caller,
  ErrorCode,
  ModerationMessages,
  normalizeEmail,
  Subjects,
  type UserPlan,
  isUuid,
  writeCsv,
} from '@kartlink/contracts';
import { decodeTimeCursor, encodeCursor, NatsRequester, ServiceError } from '@kartlink/server-kit';
import type { DataSource } from 'typeorm';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { SessionsService } from '../sessions/sessions.service';
import type { UserEntity } from '../users/user.entity';
import { toAuthUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import {
  AdminReads,
  AUDIT_CSV_COLUMNS,
  auditCsvRow,
  toAuditEntry,
  type UserRow,
} from './admin-reads';
import type { AuditEventType } from './audit-event.entity';
import { AuditRepository } from './audit.repository';

/** An impersonation token is single use and lives at most 15 minutes. */
const IMPERSONATION_TOKEN_SECONDS = 15 * 60;
/** Rows of the audit CSV at most (a filter narrows it). */
const AUDIT_CSV_MAX_ROWS = 50_000;

/** What anyone but an admin acting as themself is told: the console does not exist for them. */
const notAnAdmin = () => new ServiceError(ErrorCode.NOT_FOUND, 'Not found.');

const badCursor = () =>
  ServiceError.validation([{ path: 'cursor', msg: 'cursor is not valid' }], 'cursor is not valid');

/** The shop facts of a user's row in the console. */
interface OwnerSummary {
  shopUrl: string | null;
  productCount: number;
}

@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly audit: AuditRepository,
    private readonly reads: AdminReads,
    private readonly apiKeys: ApiKeysService,
    private readonly services: NatsRequester,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Admin status is read from the database, not trusted from the token; an impersonating
   * session or an API key is no admin here. All of them are answered 404.
   */
  private async admin(caller: Caller) {
    if (!caller || caller.actorId || caller.apiKeyId || !isUuid(caller.userId)) throw notAnAdmin();
    const admin = await this.users.findById(caller.userId);
    if (admin?.role !== 'admin' || admin.disabledAt) throw notAnAdmin();
    return admin;
  }

  /** For the gateway's guard: is this user an admin now? */
  async isAdmin(userId: string): Promise<{ admin: boolean }> {
    if (!isUuid(userId)) return { admin: false };
    const user = await this.users.findById(userId);
    return { admin: user?.role === 'admin' && !user.disabledAt };
  }

  /** Moves a user to the free or the premium plan (billing is outside the product for now). */
  async setPlan(caller: Caller, email: string, plan: UserPlan) {
    const admin = await this.admin(caller);
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) throw ServiceError.notFound('No account uses this email.');
    const previous = user.plan;
    user.plan = plan;
    await this.dataSource.transaction(async (manager) => {
      await this.users.save(user, manager);
      await this.audit.record(
        {
          type: 'admin.plan-changed',
          actorId: admin.id,
          subjectId: user.id,
          details: { from: previous, to: plan },
        },
        manager,
      );
    });
    return toAuthUser(user);
  }

  async impersonate(caller: Caller, email: string) {
    const admin = await this.admin(caller);
    const target = await this.users.findByEmail(normalizeEmail(email));
    if (!target) throw ServiceError.notFound('No account uses this email.');
    if (target.role === 'admin')
      throw new ServiceError(ErrorCode.FORBIDDEN, 'An admin account cannot be impersonated.');
    if (target.disabledAt)
      throw new ServiceError(ErrorCode.FORBIDDEN, ModerationMessages.disabledNoImpersonation);
    // Recorded first: a link is never made unaudited.
    const expires = new Date(Date.now() + IMPERSONATION_TOKEN_SECONDS * 1000);
    await this.audit.record({
      type: 'impersonation.token-created',
      actorId: admin.id,
      subjectId: target.id,
      details: { expiresAt: expires.toISOString() },
    });
    const { token, expiresAt } = await this.sessions.issueSignInToken(target.id, {
      purpose: 'impersonation',
      ttlSeconds: IMPERSONATION_TOKEN_SECONDS,
      actorId: admin.id,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** GET /api/admin/users: newest first, searched by e-mail, name, id, or shop address or name. */
  async listUsers(caller: Caller, query: AdminListQuery): Promise<AdminPage<AdminUser>> {
    await this.admin(caller);
    const q = query.q?.trim() || undefined;
    let after: { createdAt: string; id: string } | undefined;
    if (query.cursor) {
      const decoded = decodeTimeCursor(query.cursor);
      if (!decoded) throw badCursor();
      after = { createdAt: decoded.at, id: decoded.id };
    }
    const ownerIds = q
      ? await this.services.request<string[]>(Subjects.shop.adminOwnersMatching, { q })
      : [];
    const rows = await this.reads.users({ q, ownerIds, after });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const items = await this.toAdminUsers(page);
    const last = page[page.length - 1];
    return {
      items,
      nextCursor:
        rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
    };
  }

  /**
   * POST /api/admin/users/{id}/disable: recorded with the change in one transaction, then every
   * session ends (refresh tokens refused; access tokens refused by every gateway at once through
   * the revocation marks in Redis), API keys are dropped by every gateway, and the shop answers
   * 410 to visitors.
   */
  async disable(caller: Caller, id: string, reason: string): Promise<AdminUser> {
    const admin = await this.admin(caller);
    const user = await this.target(id);
    if (user.id === admin.id)
      throw new ServiceError(ErrorCode.FORBIDDEN, ModerationMessages.cannotDisableSelf);
    if (user.role === 'admin')
      throw new ServiceError(ErrorCode.FORBIDDEN, ModerationMessages.cannotDisableAdmin);
    if (!user.disabledAt) {
      user.disabledAt = new Date();
      user.disabledReason = reason;
      user.disabledBy = admin.id;
      await this.dataSource.transaction(async (manager) => {
        await this.users.save(user, manager);
        await this.audit.record(
          {
            type: 'admin.user-disabled',
            actorId: admin.id,
            subjectId: user.id,
            details: { reason },
          },
          manager,
        );
      });
    }
    await this.applyHold(user.id, true);
    return (await this.toAdminUsers([await this.rowOf(user.id)]))[0]!;
  }

  /** POST /api/admin/users/{id}/enable */
  async enable(caller: Caller, id: string): Promise<AdminUser> {
    const admin = await this.admin(caller);
    const user = await this.target(id);
    if (user.disabledAt) {
      const reason = user.disabledReason;
      user.disabledAt = null;
      user.disabledReason = null;
      user.disabledBy = null;
      await this.dataSource.transaction(async (manager) => {
        await this.users.save(user, manager);
        await this.audit.record(
          {
            type: 'admin.user-enabled',
            actorId: admin.id,
            subjectId: user.id,
            details: { previousReason: reason },
          },
          manager,
        );
      });
    }
    await this.services.request(Subjects.shop.adminOwnerDisabled, {
      userId: user.id,
      disabled: false,
    });
    return (await this.toAdminUsers([await this.rowOf(user.id)]))[0]!;
  }

  /** Ends what a disabled account holds; done again on a repeated disable (idempotent). */
  private async applyHold(userId: string, disabled: boolean) {
    if (disabled) {
      await this.sessions.revoke({ userId }, 'account-disabled');
      await this.apiKeys.announce(userId);
    }
    await this.services.request(Subjects.shop.adminOwnerDisabled, { userId, disabled });
  }

  /** For shop-service: checks the caller is an admin and records its action before it is taken. */
  async record(request: AdminAuditRecord): Promise<{ id: string }> {
    const admin = await this.admin(request.caller);
    const row = await this.audit.record({
      type: request.type as AuditEventType,
      actorId: admin.id,
      subjectId: request.subjectId && isUuid(request.subjectId) ? request.subjectId : null,
      details: request.details,
    });
    return { id: row.id };
  }

  async userEmails(ids: unknown): Promise<Record<string, string>> {
    return this.reads.emails(Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : []);
  }

  async usersMatching(q: unknown): Promise<string[]> {
    return typeof q === 'string' && q.trim() ? this.reads.matching(q.trim()) : [];
  }

  /** GET /api/admin/audit: newest first. */
  async auditPage(caller: Caller, query: AuditQuery): Promise<AdminPage<AuditEntry>> {
    await this.admin(caller);
    const filters = await this.auditFilters(query);
    if (!filters) return { items: [], nextCursor: null };
    let after: { createdAt: string; id: string } | undefined;
    if (query.cursor) {
      const decoded = decodeTimeCursor(query.cursor);
      if (!decoded) throw badCursor();
      after = { createdAt: decoded.at, id: decoded.id };
    }
    const rows = await this.reads.audit({ ...filters, after, limit: ADMIN_PAGE_SIZE + 1 });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: page.map(toAuditEntry),
      nextCursor:
        rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
    };
  }

  /** GET /api/admin/audit.csv: the same filters, every row (newest first), formulas guarded. */
  async auditCsv(caller: Caller, query: AuditQuery): Promise<{ filename: string; csv: string }> {
    await this.admin(caller);
    const filters = await this.auditFilters(query);
    const rows = filters ? await this.reads.audit({ ...filters, limit: AUDIT_CSV_MAX_ROWS }) : [];
    const csv = writeCsv([
      [...AUDIT_CSV_COLUMNS],
      ...rows.map((row) => auditCsvRow(toAuditEntry(row))),
    ]);
    return { filename: `kartlink-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv };
  }

  /** The filters as ids; undefined when an actor or subject names nobody (no rows then). */
  private async auditFilters(query: AuditQuery) {
    const actorId = query.actor ? await this.reads.resolveUser(query.actor) : undefined;
    const subjectId = query.subject ? await this.reads.resolveUser(query.subject) : undefined;
    if (actorId === null || subjectId === null) return undefined;
    return {
      type: query.type || undefined,
      actorId,
      subjectId,
      from: query.from,
      to: query.to,
    };
  }

  private async target(id: string): Promise<UserEntity> {
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user) throw ServiceError.notFound('There is no such account.');
    return user;
  }

  private async rowOf(id: string): Promise<UserRow> {
    const [row] = await this.reads.users({ q: id, ownerIds: [], limit: 1 });
    return row!;
  }

  /** The rows with their shop's address and product count (one request for the page). */
  private async toAdminUsers(rows: UserRow[]): Promise<AdminUser[]> {
    const summaries = rows.length
      ? await this.services.request<Record<string, OwnerSummary>>(
          Subjects.shop.adminOwnerSummaries,
          { userIds: rows.map((row) => row.id) },
        )
      : {};
    return rows.map((row) => {
      const signInMethods: AdminUser['signInMethods'] = [];
      if (row.password_hash) signInMethods.push('password');
      if (row.google_subject) signInMethods.push('google');
      return {
        id: row.id,
        email: row.email,
        displayName: row.display_name,
        role: row.role,
        plan: row.plan,
        signInMethods,
        createdAt: new Date(row.created_at).toISOString(),
        lastActiveAt: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
        disabled:
          row.disabled_at && row.disabled_reason !== null
            ? { reason: row.disabled_reason, at: new Date(row.disabled_at).toISOString() }
            : null,
        shopUrl: summaries[row.id]?.shopUrl ?? null,
        productCount: summaries[row.id]?.productCount ?? 0,
      };
    });
  }
}
