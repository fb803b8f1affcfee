/**
 * The owner's whole account: its export (one zip of JSON and images) and its deletion, which
 * every service applies to its own data from one event (Events.userDeleted).
 */
import type { AuthUser } from './auth';
import type { BannerList, ImageKind } from './media';
import type { Product } from './product';
import type { Shop } from './shop';

/** The e-mailed code's purpose for a deletion (accounts without a password only). */
export const ACCOUNT_DELETION_PURPOSE = 'account-deletion';

/** POST /api/account/delete: the password, or (an account that has none) the e-mailed code. */
export interface AccountDeletionBody {
  password?: string;
  code?: string;
}

/** POST /api/account/deletion-code: where the code went. */
export interface DeletionCodeSent {
  email: string;
  expiresInSeconds: number;
}

/** Subjects.shop.accountShop: the owner's shop as the deletion event names it. */
export interface AccountShopRef {
  shopId: string;
  shopUrl: string | null;
  shopName: string | null;
  /** Its products when it was named (for the deletion's audit line). */
  products: number;
}

/**
 * Events.userDeleted (JetStream stream ACCOUNTS): an account was deleted; each service deletes
 * what it holds of it. Applying it twice is harmless: what is gone stays gone.
 */
export interface UserDeleted {
  id: string;
  userId: string;
  /** The owner's shop when there was one (analytics keeps its figures by shop). */
  shop: AccountShopRef | null;
  deletedAt: string;
}

/** What one service removed for a UserDeleted, by kind of row or blob (for the logs and audit). */
export type RemovedCounts = Record<string, number>;

/** Subjects.auth.deleteAccount's answer: the shop URLs whose public reads are gone. */
export interface AccountDeleted {
  changedShopUrls: string[];
}

/** The profile part of the export: what the account page shows, no secret. */
interface AccountProfileExport {
  user: Pick<
    AuthUser,
    'email' | 'displayName' | 'phoneNumber' | 'photoURL' | 'plan' | 'signInMethods' | 'createdAt'
  >;
}

/** Subjects.shop.exportAccount's answer. */
export interface ShopExport {
  shop: Shop | null;
  products: Product[];
}

/** One image of the owner in the export: its file in the zip is `images/{file}`. */
interface AccountImage {
  id: string;
  kind: ImageKind | 'banner';
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  originalFilename: string;
  createdAt: string;
  /** The blob the gateway reads it from (its primary variant). */
  key: string;
  /** Its name inside the zip's images/ folder. */
  file: string;
}

/** Subjects.media.exportAccount's answer. */
export interface MediaExport {
  banners: BannerList;
  images: AccountImage[];
}

/** Subjects.analytics.exportAccount's answer: the rollups the dashboard reads, per day and month. */
export interface AnalyticsExport {
  shopDaily: Array<Record<string, string | number>>;
  productMonthly: Array<Record<string, string | number>>;
}

/** account.json in the zip. */
export interface AccountExport extends AccountProfileExport, ShopExport {
  format: 'kartlink-account/1';
  exportedAt: string;
  banners: BannerList;
  images: Array<Omit<AccountImage, 'key'>>;
  analytics: AnalyticsExport;
}

/** The ACCOUNTS stream's name for a subject prefix: "test.ab12." gives "test_ab12_ACCOUNTS". */
export function accountsStreamName(prefix: string): string {
  return `${prefix.replace(/\W/g, '_')}ACCOUNTS`;
}

/** Every subject of the ACCOUNTS stream, after the prefix. */
export const ACCOUNTS_STREAM_SUBJECTS = 'events.account.>';

/** The zip's file name for an export made at `when`. */
export function accountExportFilename(when: Date): string {
  return `kartlink-account-${when.toISOString().slice(0, 10)}.zip`;
}

/** The image's name inside the zip: its id and an extension from its type. */
export function accountImageFile(id: string, contentType: string): string {
  const extension =
    { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' }[
      contentType
    ] ?? 'bin';
  return `${id}.${extension}`;
}
