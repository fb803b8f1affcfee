import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_PAGE_SIZE,
  type AdminProduct,
  type AdminReport,
  type AdminShop,
  type ReportReason,
  type ReportStatus,
} from '@kartlink/contracts';
import type { DataSource } from 'typeorm';

/** ILIKE pattern of a search, its wildcards escaped. */
export const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const holdOf = (at: Date | null, reason: string | null) =>
  at ? { reason: reason ?? '', at: new Date(at).toISOString() } : null;

export interface ShopRow {
  id: string;
  user_id: string;
  shop_url: string | null;
  shop_name: string | null;
  is_shop_public: boolean;
  product_count: number;
  hidden_at: Date | null;
  hidden_reason: string | null;
  created_at: Date;
  cursor_at: string;
  open_reports: number;
}

export interface ProductRow {
  id: string;
  shop_url: string | null;
  short_code: string;
  title: string;
  store_urls: string[];
  hidden_at: Date | null;
  hidden_reason: string | null;
  created_at: Date;
  cursor_at: string;
  open_reports: number;
}

export interface ReportGroupRow {
  id: string;
  status: ReportStatus;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  first_reported_at: Date;
  first_cursor: string;
  last_reported_at: Date;
  resolved_at: Date | null;
  shop_id: string;
  product_id: string | null;
  shop_url: string | null;
  shop_name: string | null;
  short_code: string | null;
  title: string | null;
  details: string[] | null;
}

const SHOP_COLUMNS = `s.id, s.user_id, s.shop_url, s.shop_name, s.is_shop_public, s.product_count,
  s.hidden_at, s.hidden_reason, s.created_at, s.created_at::text AS cursor_at,
  (SELECT coalesce(sum(g.count), 0)::int FROM shop.report_groups g
    WHERE g.shop_id = s.id AND g.status = 'open') AS open_reports`;

const PRODUCT_COLUMNS = `p.id, s.shop_url, p.short_code, p.title, p.store_urls, p.hidden_at,
  p.hidden_reason, p.created_at, p.created_at::text AS cursor_at,
  (SELECT coalesce(sum(g.count), 0)::int FROM shop.report_groups g
    WHERE g.product_id = p.id AND g.status = 'open') AS open_reports`;

const GROUP_COLUMNS = `g.id, g.status, g.count, g.reasons, g.first_reported_at,
  g.first_reported_at::text AS first_cursor, g.last_reported_at, g.resolved_at, g.shop_id,
  g.product_id, s.shop_url, s.shop_name, p.short_code, p.title,
  (SELECT array_agg(r.details ORDER BY r.created_at DESC) FROM (
     SELECT details, created_at FROM shop.reports r
      WHERE r.group_id = g.id AND r.details IS NOT NULL AND r.details <> ''
      ORDER BY r.created_at DESC LIMIT 5) r) AS details`;

/** The admin console's reads of shop's tables (plain SQL, keyset pages, newest first). */
@Injectable()
export class ModerationReads {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  query<T>(sql: string, values: unknown[]): Promise<T[]> {
    return this.dataSource.query(sql, values);
  }

  async shops(options: {
    q?: string;
    ownerIds?: string[];
    after?: { at: string; id: string };
    id?: string;
  }): Promise<ShopRow[]> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (options.id) {
      values.push(options.id);
      where.push(`s.id = $${values.length}::uuid`);
    }
    if (options.q) {
      values.push(likeOf(options.q), options.ownerIds ?? []);
      const like = `$${values.length - 1}`;
      where.push(
        `(s.shop_url ILIKE ${like} OR s.shop_name ILIKE ${like} OR s.user_id = ANY($${values.length}::uuid[]))`,
      );
    }
    if (options.after) {
      values.push(options.after.at, options.after.id);
      where.push(
        `(s.created_at, s.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
      );
    }
    values.push(ADMIN_PAGE_SIZE + 1);
    return this.query(
      `SELECT ${SHOP_COLUMNS} FROM shop.shops s
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY s.created_at DESC, s.id DESC LIMIT $${values.length}`,
      values,
    );
  }

  async products(options: {
    q?: string;
    after?: { at: string; id: string };
    id?: string;
  }): Promise<ProductRow[]> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (options.id) {
      values.push(options.id);
      where.push(`p.id = $${values.length}::uuid`);
    }
    if (options.q) {
      values.push(likeOf(options.q));
      const like = `$${values.length}`;
      where.push(
        `(p.title ILIKE ${like} OR p.short_code ILIKE ${like} OR p.store_urls::text ILIKE ${like} OR s.shop_url ILIKE ${like})`,
      );
    }
    if (options.after) {
      values.push(options.after.at, options.after.id);
      where.push(
        `(p.created_at, p.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`,
      );
    }
    values.push(ADMIN_PAGE_SIZE + 1);
    return this.query(
      `SELECT ${PRODUCT_COLUMNS} FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY p.created_at DESC, p.id DESC LIMIT $${values.length}`,
      values,
    );
  }

  /** Open first, most reported first, then oldest; `status` narrows. */
  async reportGroups(options: {
    status?: ReportStatus;
    after?: [number, number, string, string];
    id?: string;
  }): Promise<ReportGroupRow[]> {
    const values: unknown[] = [];
    const where: string[] = [];
    if (options.id) {
      values.push(options.id);
      where.push(`g.id = $${values.length}::uuid`);
    }
    if (options.status) {
      values.push(options.status);
      where.push(`g.status = $${values.length}`);
    }
    if (options.after) {
      values.push(...options.after);
      const n = values.length;
      where.push(
        `((g.status <> 'open')::int, -g.count, g.first_reported_at, g.id) >
          ($${n - 3}::int, $${n - 2}::int, $${n - 1}::timestamptz, $${n}::uuid)`,
      );
    }
    values.push(ADMIN_PAGE_SIZE + 1);
    return this.query(
      `SELECT ${GROUP_COLUMNS} FROM shop.report_groups g
         JOIN shop.shops s ON s.id = g.shop_id
         LEFT JOIN shop.products p ON p.id = g.product_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY (g.status <> 'open'), g.count DESC, g.first_reported_at, g.id
        LIMIT $${values.length}`,
      values,
    );
  }
}

export function toAdminShop(row: ShopRow, ownerEmail: string | null): AdminShop {
  return {
    shopId: row.id,
    userId: row.user_id,
    ownerEmail,
    shopUrl: row.shop_url,
    shopName: row.shop_name,
    isShopPublic: row.is_shop_public,
    productCount: row.product_count,
    hidden: holdOf(row.hidden_at, row.hidden_reason),
    openReports: row.open_reports,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    shopUrl: row.shop_url,
    shortCode: row.short_code,
    title: row.title,
    originalURLs: row.store_urls,
    hidden: holdOf(row.hidden_at, row.hidden_reason),
    openReports: row.open_reports,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function toAdminReport(row: ReportGroupRow): AdminReport {
  const shopUrl = row.shop_url ?? '';
  const shortCode = row.product_id ? row.short_code : null;
  return {
    id: row.id,
    target: {
      type: row.product_id ? 'product' : 'shop',
      shopUrl,
      shortCode,
      path: shortCode ? `/${shopUrl}/${shortCode}` : `/${shopUrl}`,
      title: row.product_id ? row.title : row.shop_name,
    },
    status: row.status,
    reasons: row.reasons,
    count: row.count,
    details: row.details ?? [],
    firstReportedAt: new Date(row.first_reported_at).toISOString(),
    lastReportedAt: new Date(row.last_reported_at).toISOString(),
    resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  };
}
