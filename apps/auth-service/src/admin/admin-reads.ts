import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ADMIN_PAGE_SIZE, type AuditEntry, isUuid } from '@kartlink/contracts';
import type { DataSource } from 'typeorm';

/** ILIKE pattern of a search, its wildcards escaped. */
export const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserRow {
  id: string;
  email: string;
  display_name: string | null;
  role: 'user' | 'admin';
  plan: 'free' | 'premium';
  password_hash: string | null;
  google_subject: string | null;
  created_at: Date;
  /** created_at as PostgreSQL writes it (microseconds): the cursor's value. */
  cursor_at: string;
  last_active_at: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

export interface AuditRow {
  id: string;
  type: string;
  actor_id: string | null;
  actor_email: string | null;
  subject_id: string | null;
  subject_email: string | null;
  details: Record<string, unknown> | null;
  created_at: Date;
  cursor_at: string;
}

/** The admin console's reads of auth's tables (plain SQL, keyset pages). */
@Injectable()
export class AdminReads {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of users, newest first; `ownerIds` are owners whose shop matched the search. */
  async users(options: {
    q?: string;
    ownerIds: string[];
    after?: { createdAt: string; id: string };
    limit?: number;
  }): Promise<UserRow[]> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (options.q) {
      values.push(likeOf(options.q));
      const like = `$${values.length}`;
      values.push(options.ownerIds);
      const owners = `$${values.length}::uuid[]`;
      values.push(isUuid(options.q) ? options.q.toLowerCase() : null);
      const byId = `$${values.length}::uuid`;
      where.push(
        `(u.email ILIKE ${like} OR u.display_name ILIKE ${like} OR u.id = ANY(${owners}) OR u.id = ${byId})`,
      );
    }
    if (options.after) {
      values.push(options.after.createdAt, options.after.id);
      where.push(
        `(u.created_at, u.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
      );
    }
    values.push(options.limit ?? ADMIN_PAGE_SIZE + 1);
    return this.dataSource.query(
      `SELECT u.id, u.email, u.display_name, u.role, u.plan, u.password_hash, u.google_subject,
              u.created_at, u.created_at::text AS cursor_at, u.last_active_at, u.disabled_at, u.disabled_reason
         FROM auth.users u
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT $${values.length}`,
      values,
    );
  }

  /** Ids of the users whose e-mail or name matches (for shop-service's searches). */
  async matching(q: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM auth.users WHERE email ILIKE $1 OR display_name ILIKE $1 LIMIT 500`,
      [likeOf(q)],
    );
    return rows.map((row) => row.id);
  }

  async emails(ids: string[]): Promise<Record<string, string>> {
    const valid = ids.filter((id) => isUuid(id));
    if (!valid.length) return {};
    const rows: Array<{ id: string; email: string }> = await this.dataSource.query(
      'SELECT id, email FROM auth.users WHERE id = ANY($1::uuid[])',
      [valid],
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.email]));
  }

  /** The user an audit filter names (an id or an e-mail); null when none does. */
  async resolveUser(value: string): Promise<string | null> {
    if (isUuid(value as unknown)) return value.toLowerCase();
    const [row] = (await this.dataSource.query('SELECT id FROM auth.users WHERE email = $1', [
      value.trim().toLowerCase(),
    ])) as Array<{ id: string }>;
    return row?.id ?? null;
  }

  /** A page of the audit log, newest first. */
  async audit(filters: {
    type?: string;
    actorId?: string;
    subjectId?: string;
    from?: string;
    to?: string;
    after?: { createdAt: string; id: string };
    limit: number;
  }): Promise<AuditRow[]> {
    const values: unknown[] = [];
    const where: string[] = [];
    const add = (sql: (param: string) => string, value: unknown) => {
      values.push(value);
      where.push(sql(`$${values.length}`));
    };
    if (filters.type) add((p) => `e.type = ${p}`, filters.type);
    if (filters.actorId) add((p) => `e.actor_id = ${p}::uuid`, filters.actorId);
    if (filters.subjectId) add((p) => `e.subject_id = ${p}::uuid`, filters.subjectId);
    if (filters.from) add((p) => `e.created_at >= ${p}::timestamptz`, filters.from);
    if (filters.to) add((p) => `e.created_at <= ${p}::timestamptz`, filters.to);
    if (filters.after) {
      values.push(filters.after.createdAt, filters.after.id);
      where.push(
        `(e.created_at, e.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
      );
    }
    values.push(filters.limit);
    return this.dataSource.query(
      `SELECT e.id, e.type, e.actor_id, a.email AS actor_email, e.subject_id,
              s.email AS subject_email, e.details, e.created_at, e.created_at::text AS cursor_at
         FROM auth.audit_events e
         LEFT JOIN auth.users a ON a.id = e.actor_id
         LEFT JOIN auth.users s ON s.id = e.subject_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT $${values.length}`,
      values,
    );
  }
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor_id ? { id: row.actor_id, email: row.actor_email } : null,
    subject: row.subject_id ? { id: row.subject_id, email: row.subject_email } : null,
    details: row.details,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const AUDIT_CSV_COLUMNS = [
  'time',
  'type',
  'actor_id',
  'actor_email',
  'subject_id',
  'subject_email',
  'details',
] as const;

/** One audit entry as a CSV row (AUDIT_CSV_COLUMNS); writeCsv guards the cells. */
export function auditCsvRow(entry: AuditEntry): string[] {
  return [
    entry.createdAt,
    entry.type,
    entry.actor?.id ?? '',
    entry.actor?.email ?? '',
    entry.subject?.id ?? '',
    entry.subject?.email ?? '',
    entry.details ? JSON.stringify(entry.details) : '',
  ];
}
