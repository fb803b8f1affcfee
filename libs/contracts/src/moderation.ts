import type { Caller } from './auth';

/**
 * Trust and safety (issue 21): visitors' reports, the admin console's reads and actions, the
 * audit log, and what an owner sees of a moderation decision. Every /api/admin route answers
 * 404 to anyone but a signed-in admin acting as themself (a non-admin, an impersonating
 * session, an API key), so the console's existence is not revealed.
 */

/** Why a visitor reports a page (the form's choices, in this order). */
export const REPORT_REASONS = ['scam', 'counterfeit', 'adult-violent', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What the report form shows for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fake product',
  counterfeit: 'Counterfeit',
  'adult-violent': 'Adult or violent content',
  spam: 'Spam',
  other: 'Other',
};
export const REPORT_DETAILS_MAX = 1000;
/** Reports one visitor (by address) may send per hour; the 11th is answered 429. */
export const REPORTS_PER_VISITOR_PER_HOUR = 10;
export const MODERATION_REASON_MAX = 500;

/** POST /api/reports (no account): answered 202 with the envelope. */
export interface CreateReportBody {
  shopUrl: string;
  /** The product's short code; absent when the shop page itself is reported. */
  shortCode?: string;
  reason: ReportReason;
  details?: string;
}

/** A moderation decision as the owner sees it in the dashboard (and the admin in the console). */
export interface ModerationHold {
  /** The admin's reason, shown to the owner as written. */
  reason: string;
  /** When it was hidden (ISO 8601). */
  at: string;
}

/** What visitors are told of a page that is no longer available (410 NO_LONGER_AVAILABLE). */
export const NO_LONGER_AVAILABLE_MESSAGE = 'This page is no longer available.';
/** What a disabled account is told at sign-in (403 ACCOUNT_DISABLED). */
export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled. Contact support if you think this is a mistake.';

/** A page of a list: pass nextCursor back as `cursor` for the next; null at the end. */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET /api/admin/users?q= (e-mail, name or shop address; empty: newest first). */
export interface AdminUser {
  id: string;
  email: string;
  displayName: string | null;
  role: 'user' | 'admin';
  plan: 'free' | 'premium';
  signInMethods: ('password' | 'google')[];
  createdAt: string;
  /** The last sign-in or token refresh; null: never since the column existed. */
  lastActiveAt: string | null;
  /** Set while the account is disabled. */
  disabled: ModerationHold | null;
  shopUrl: string | null;
  productCount: number;
}

/** GET /api/admin/shops?q= (shop address or name, owner e-mail). */
export interface AdminShop {
  shopId: string;
  userId: string;
  ownerEmail: string | null;
  shopUrl: string | null;
  shopName: string | null;
  isShopPublic: boolean;
  productCount: number;
  hidden: ModerationHold | null;
  /** Open reports about the shop page or any of its products. */
  openReports: number;
  createdAt: string;
}

/** GET /api/admin/products?q= (title, short code, store address, shop address). */
export interface AdminProduct {
  id: string;
  shopUrl: string | null;
  shortCode: string;
  title: string;
  /** The product's store addresses, as saved. */
  originalURLs: string[];
  hidden: ModerationHold | null;
  openReports: number;
  createdAt: string;
}

export type ReportStatus = 'open' | 'hidden' | 'dismissed';

/** GET /api/admin/reports?status=open: reports grouped by the page they are about. */
export interface AdminReport {
  id: string;
  target: {
    type: 'shop' | 'product';
    shopUrl: string;
    shortCode: string | null;
    /** The public page's path, e.g. /priya-styles/x7Kp2q. */
    path: string;
    /** The product's or the shop's name when it still exists. */
    title: string | null;
  };
  status: ReportStatus;
  /** How many reports of each reason. */
  reasons: Partial<Record<ReportReason, number>>;
  count: number;
  /** The most recent details visitors wrote (newest first, at most 5). */
  details: string[];
  firstReportedAt: string;
  lastReportedAt: string;
  resolvedAt: string | null;
}

/** POST /api/admin/reports/{id}/resolve */
export interface ResolveReportBody {
  action: 'hide' | 'dismiss';
  /** Required with 'hide': the reason the owner sees. */
  reason?: string;
}

/** POST /api/admin/{users|shops|products}/{id}/disable|hide */
export interface ModerationReasonBody {
  reason: string;
}

/** One row of GET /api/admin/audit (filters: type, actor, subject (e-mail or id), from, to). */
export interface AuditEntry {
  id: string;
  type: string;
  actor: { id: string; email: string | null } | null;
  subject: { id: string; email: string | null } | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** Query of the admin lists (users, shops, products): a search and the page's cursor. */
export interface AdminListQuery {
  q?: string;
  cursor?: string;
}

/** GET /api/admin/reports */
export interface ReportQuery {
  status?: ReportStatus;
  cursor?: string;
}

/** GET /api/admin/audit and audit.csv: actor and subject take an e-mail or an id. */
export interface AuditQuery {
  type?: string;
  actor?: string;
  subject?: string;
  from?: string;
  to?: string;
  cursor?: string;
}

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;

/** What shop-service asks auth-service to check and record before an admin action. */
export interface AdminAuditRecord {
  caller: Caller;
  type: string;
  subjectId: string | null;
  details: Record<string, unknown>;
}

export const ModerationMessages = {
  cannotDisableAdmin: 'An admin account cannot be disabled.',
  cannotDisableSelf: 'You cannot disable your own account.',
  disabledNoImpersonation: 'A disabled account cannot be impersonated. Enable it first.',
  reasonRequired: 'Write the reason the owner will see.',
  unknownTarget: 'There is no such shop or product.',
  reportNotFound: 'There is no such report.',
  alreadyResolved: 'This report has already been resolved.',
} as const;
