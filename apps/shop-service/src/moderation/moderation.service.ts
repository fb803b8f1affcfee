import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AdminListQuery,
  type AdminPage,
  type AdminProduct,
  type AdminReport,
  type AdminShop,
  ADMIN_PAGE_SIZE,
  type Caller,
  type CreateReportBody,
  ErrorCode,
  isUuid,
  ModerationMessages,
  normalizeShopUrl,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportQuery,
  type ResolveReportBody,
  type ShopWrite,
  Subjects,
} from '@kartlink/contracts';
import {
  decodeCursor,
  decodeTimeCursor,
  encodeCursor,
  NatsRequester,
  ServiceError,
} from '@kartlink/server-kit';
import { OwnerPages } from '../products/owner-pages';
import { ShopCache } from '../shops/shop-cache';
import {
  likeOf,
  ModerationReads,
  type ProductRow,
  type ShopRow,
  toAdminProduct,
  toAdminReport,
  toAdminShop,
} from './moderation-reads';

const notAnAdmin = () => new ServiceError(ErrorCode.NOT_FOUND, 'Not found.');
const badCursor = () =>
  ServiceError.validation([{ path: 'cursor', msg: 'cursor is not valid' }], 'cursor is not valid');
const reasonRequired = () =>
  ServiceError.validation(
    [{ path: 'reason', msg: ModerationMessages.reasonRequired }],
    ModerationMessages.reasonRequired,
  );

/** The visitor's address as a report keeps it: hashed with the group's id (never in plain). */
export function reporterHash(groupId: string, visitor: string): string {
  return createHash('sha256').update(`${groupId}\u0000${visitor}`).digest('hex');
}

/**
 * Trust and safety in shop-service (issue 21): the console's lists of shops, products and
 * reports, an admin's holds on a shop or a product, and visitors' reports. Every action is
 * recorded by auth-service (which checks the caller is an admin) before it is taken: an audit
 * write that fails stops the action.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly reads: ModerationReads,
    private readonly cache: ShopCache,
    private readonly ownerPages: OwnerPages,
    private readonly services: NatsRequester,
  ) {}

  /** Reads check the caller with auth-service too (the gateway's guard did already). */
  private async requireAdmin(caller: Caller) {
    if (!caller || caller.actorId || caller.apiKeyId || !isUuid(caller.userId)) throw notAnAdmin();
    const { admin } = await this.services.request<{ admin: boolean }>(Subjects.auth.adminCheck, {
      userId: caller.userId,
    });
    if (!admin) throw notAnAdmin();
  }

  /** Authorises and records an action before it is taken (auth-service's audit log). */
  private async audit(
    caller: Caller,
    type: string,
    subjectId: string | null,
    details: Record<string, unknown>,
  ) {
    await this.services.request(Subjects.auth.adminRecord, { caller, type, subjectId, details });
  }

  // ---- For auth-service ------------------------------------------------------------------

  async ownerSummaries(
    userIds: unknown,
  ): Promise<Record<string, { shopUrl: string | null; productCount: number }>> {
    const ids = Array.isArray(userIds) ? userIds.filter((id) => isUuid(id)) : [];
    if (!ids.length) return {};
    const rows = await this.reads.query<{
      user_id: string;
      shop_url: string | null;
      product_count: number;
    }>('SELECT user_id, shop_url, product_count FROM shop.shops WHERE user_id = ANY($1::uuid[])', [
      ids,
    ]);
    return Object.fromEntries(
      rows.map((row) => [row.user_id, { shopUrl: row.shop_url, productCount: row.product_count }]),
    );
  }

  async ownersMatching(q: unknown): Promise<string[]> {
    if (typeof q !== 'string' || !q.trim()) return [];
    const like = likeOf(q.trim());
    const rows = await this.reads.query<{ user_id: string }>(
      'SELECT user_id FROM shop.shops WHERE shop_url ILIKE $1 OR shop_name ILIKE $1 LIMIT 500',
      [like],
    );
    return rows.map((row) => row.user_id);
  }

  /** The owner's account was disabled (or enabled): the shop's public reads change at once. */
  async ownerDisabled(userId: string, disabled: boolean): Promise<{ changedShopUrls: string[] }> {
    if (!isUuid(userId)) return { changedShopUrls: [] };
    const rows = await this.reads.query<{ shop_url: string | null }>(
      `UPDATE shop.shops
          SET owner_disabled_at = CASE WHEN $2 THEN coalesce(owner_disabled_at, now()) END
        WHERE user_id = $1 RETURNING shop_url`,
      [userId, disabled],
    );
    const urls = (Array.isArray(rows[0]) ? (rows[0] as typeof rows) : rows).map((r) => r.shop_url);
    await this.ownerPages.forget(userId);
    return { changedShopUrls: await this.cache.invalidateShop(...urls) };
  }

  // ---- Lists -----------------------------------------------------------------------------

  async shops(caller: Caller, query: AdminListQuery): Promise<AdminPage<AdminShop>> {
    await this.requireAdmin(caller);
    const q = query.q?.trim() || undefined;
    const after = this.timeCursor(query.cursor);
    const ownerIds = q
      ? await this.services.request<string[]>(Subjects.auth.adminUsersMatching, { q })
      : [];
    const rows = await this.reads.shops({ q, ownerIds, after });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    return {
      items: await this.withEmails(page),
      nextCursor: this.nextCursor(rows, page),
    };
  }

  async products(caller: Caller, query: AdminListQuery): Promise<AdminPage<AdminProduct>> {
    await this.requireAdmin(caller);
    const q = query.q?.trim() || undefined;
    const rows = await this.reads.products({ q, after: this.timeCursor(query.cursor) });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    return { items: page.map(toAdminProduct), nextCursor: this.nextCursor(rows, page) };
  }

  async reports(caller: Caller, query: ReportQuery): Promise<AdminPage<AdminReport>> {
    await this.requireAdmin(caller);
    let after: [number, number, string, string] | undefined;
    if (query.cursor) {
      const values = decodeCursor(query.cursor, 4);
      if (
        !values ||
        typeof values[0] !== 'number' ||
        typeof values[1] !== 'number' ||
        typeof values[2] !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)?$/.test(values[2]) ||
        !isUuid(values[3])
      )
        throw badCursor();
      after = values as [number, number, string, string];
    }
    const rows = await this.reads.reportGroups({ status: query.status, after });
    const page = rows.slice(0, ADMIN_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: page.map(toAdminReport),
      nextCursor:
        rows.length > ADMIN_PAGE_SIZE && last
          ? encodeCursor([last.status === 'open' ? 0 : 1, -last.count, last.first_cursor, last.id])
          : null,
    };
  }

  // ---- Holds -----------------------------------------------------------------------------

  async hideShop(caller: Caller, id: string, reason: string): Promise<ShopWrite<AdminShop>> {
    if (!reason?.trim()) throw reasonRequired();
    const shop = await this.shopRow(id);
    await this.audit(caller, 'admin.shop-hidden', shop.user_id, {
      shopId: shop.id,
      shopUrl: shop.shop_url,
      reason,
    });
    await this.reads.query(
      `UPDATE shop.shops SET hidden_at = coalesce(hidden_at, now()), hidden_reason = $2,
              hidden_by = $3 WHERE id = $1`,
      [shop.id, reason, caller.userId],
    );
    return this.shopWritten(shop);
  }

  async restoreShop(caller: Caller, id: string): Promise<ShopWrite<AdminShop>> {
    const shop = await this.shopRow(id);
    await this.audit(caller, 'admin.shop-restored', shop.user_id, {
      shopId: shop.id,
      shopUrl: shop.shop_url,
      previousReason: shop.hidden_reason,
    });
    await this.reads.query(
      'UPDATE shop.shops SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL WHERE id = $1',
      [shop.id],
    );
    return this.shopWritten(shop);
  }

  async hideProduct(caller: Caller, id: string, reason: string): Promise<ShopWrite<AdminProduct>> {
    if (!reason?.trim()) throw reasonRequired();
    const { product, ownerId } = await this.productRow(id);
    await this.audit(caller, 'admin.product-hidden', ownerId, {
      productId: product.id,
      shopUrl: product.shop_url,
      shortCode: product.short_code,
      title: product.title,
      reason,
    });
    await this.reads.query(
      `UPDATE shop.products SET hidden_at = coalesce(hidden_at, now()), hidden_reason = $2,
              hidden_by = $3 WHERE id = $1`,
      [product.id, reason, caller.userId],
    );
    return this.productWritten(product, ownerId);
  }

  async restoreProduct(caller: Caller, id: string): Promise<ShopWrite<AdminProduct>> {
    const { product, ownerId } = await this.productRow(id);
    await this.audit(caller, 'admin.product-restored', ownerId, {
      productId: product.id,
      shopUrl: product.shop_url,
      shortCode: product.short_code,
      previousReason: product.hidden_reason,
    });
    await this.reads.query(
      'UPDATE shop.products SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL WHERE id = $1',
      [product.id],
    );
    return this.productWritten(product, ownerId);
  }

  // ---- Reports ---------------------------------------------------------------------------

  /** A visitor's report, grouped with the open reports of the same page. */
  async createReport(body: CreateReportBody, visitor: string): Promise<{ received: true }> {
    if (!REPORT_REASONS.includes(body?.reason))
      throw ServiceError.validation(
        [{ path: 'reason', msg: `reason must be one of: ${REPORT_REASONS.join(', ')}` }],
        `reason must be one of: ${REPORT_REASONS.join(', ')}`,
      );
    const details = typeof body.details === 'string' ? body.details.trim() : '';
    if (details.length > REPORT_DETAILS_MAX)
      throw ServiceError.validation(
        [{ path: 'details', msg: `details must be at most ${REPORT_DETAILS_MAX} characters` }],
        `details must be at most ${REPORT_DETAILS_MAX} characters`,
      );
    const shopUrl = normalizeShopUrl(String(body.shopUrl ?? ''));
    const [shop] = await this.reads.query<{ id: string }>(
      'SELECT id FROM shop.shops WHERE shop_url = $1',
      [shopUrl],
    );
    if (!shop) throw ServiceError.notFound(ModerationMessages.unknownTarget);
    let productId: string | null = null;
    if (body.shortCode !== undefined && body.shortCode !== null && body.shortCode !== '') {
      const code = String(body.shortCode).trim().toLowerCase();
      const [product] = await this.reads.query<{ id: string }>(
        'SELECT id FROM shop.products WHERE shop_id = $1 AND short_code = $2',
        [shop.id, code],
      );
      if (!product) throw ServiceError.notFound(ModerationMessages.unknownTarget);
      productId = product.id;
    }
    const [group] = await this.reads.query<{ id: string }>(
      `INSERT INTO shop.report_groups (shop_id, product_id, target_key, count, reasons)
       VALUES ($1, $2, $3, 1, jsonb_build_object($4::text, 1))
       ON CONFLICT (shop_id, target_key) WHERE status = 'open'
       DO UPDATE SET count = report_groups.count + 1, last_reported_at = now(),
          reasons = report_groups.reasons || jsonb_build_object($4::text,
            coalesce((report_groups.reasons ->> $4::text)::int, 0) + 1)
       RETURNING id`,
      [shop.id, productId, productId ?? '', body.reason],
    );
    await this.reads.query(
      `INSERT INTO shop.reports (group_id, reason, details, reporter_hash) VALUES ($1, $2, $3, $4)`,
      [group!.id, body.reason, details || null, reporterHash(group!.id, visitor)],
    );
    return { received: true };
  }

  async resolveReport(
    caller: Caller,
    id: string,
    body: ResolveReportBody,
  ): Promise<ShopWrite<AdminReport>> {
    const [group] = isUuid(id) ? await this.reads.reportGroups({ id }) : [];
    if (!group) throw ServiceError.notFound(ModerationMessages.reportNotFound);
    if (group.status !== 'open')
      throw new ServiceError(ErrorCode.CONFLICT, ModerationMessages.alreadyResolved);
    if (body.action === 'hide' && !body.reason?.trim()) throw reasonRequired();
    const [owner] = await this.reads.query<{ user_id: string }>(
      'SELECT user_id FROM shop.shops WHERE id = $1',
      [group.shop_id],
    );
    await this.audit(caller, 'admin.report-resolved', owner?.user_id ?? null, {
      reportId: group.id,
      action: body.action,
      path: toAdminReport(group).target.path,
      count: group.count,
      ...(body.action === 'hide' ? { reason: body.reason } : {}),
    });
    let changedShopUrls: string[] = [];
    if (body.action === 'hide') {
      const written = group.product_id
        ? await this.hideProduct(caller, group.product_id, body.reason!.trim())
        : await this.hideShop(caller, group.shop_id, body.reason!.trim());
      changedShopUrls = written.changedShopUrls;
    }
    await this.reads.query(
      `UPDATE shop.report_groups SET status = $2, resolved_at = now(), resolved_by = $3
        WHERE id = $1 AND status = 'open'`,
      [group.id, body.action === 'hide' ? 'hidden' : 'dismissed', caller.userId],
    );
    const [resolved] = await this.reads.reportGroups({ id: group.id });
    return { result: toAdminReport(resolved!), changedShopUrls };
  }

  // ---- Helpers ---------------------------------------------------------------------------

  private timeCursor(cursor?: string) {
    if (!cursor) return undefined;
    const decoded = decodeTimeCursor(cursor);
    if (!decoded) throw badCursor();
    return decoded;
  }

  private nextCursor(rows: Array<{ cursor_at: string; id: string }>, page: typeof rows) {
    const last = page[page.length - 1];
    return rows.length > page.length && last ? encodeCursor([last.cursor_at, last.id]) : null;
  }

  private async withEmails(rows: ShopRow[]): Promise<AdminShop[]> {
    const emails = rows.length
      ? await this.services.request<Record<string, string>>(Subjects.auth.adminUserEmails, {
          ids: rows.map((row) => row.user_id),
        })
      : {};
    return rows.map((row) => toAdminShop(row, emails[row.user_id] ?? null));
  }

  private async shopRow(id: string): Promise<ShopRow> {
    const [shop] = isUuid(id) ? await this.reads.shops({ id }) : [];
    if (!shop) throw ServiceError.notFound('There is no such shop.');
    return shop;
  }

  private async productRow(id: string): Promise<{ product: ProductRow; ownerId: string }> {
    const [product] = isUuid(id) ? await this.reads.products({ id }) : [];
    if (!product) throw ServiceError.notFound('There is no such product.');
    const [owner] = await this.reads.query<{ user_id: string }>(
      'SELECT s.user_id FROM shop.products p JOIN shop.shops s ON s.id = p.shop_id WHERE p.id = $1',
      [product.id],
    );
    return { product, ownerId: owner!.user_id };
  }

  /** After a shop's hold changed: its reads dropped here and in every gateway, then the row. */
  private async shopWritten(shop: ShopRow): Promise<ShopWrite<AdminShop>> {
    await this.ownerPages.forget(shop.user_id);
    const changedShopUrls = await this.cache.invalidateShop(shop.shop_url);
    const [row] = await this.reads.shops({ id: shop.id });
    return { result: (await this.withEmails([row!]))[0]!, changedShopUrls };
  }

  private async productWritten(
    product: ProductRow,
    ownerId: string,
  ): Promise<ShopWrite<AdminProduct>> {
    await this.ownerPages.forget(ownerId);
    const changedShopUrls = product.shop_url
      ? await this.cache.invalidateProducts(product.shop_url, product.short_code)
      : [];
    const [row] = await this.reads.products({ id: product.id });
    return { result: toAdminProduct(row!), changedShopUrls };
  }
}
