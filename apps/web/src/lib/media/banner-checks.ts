import {
  BANNER_TYPES,
  BannerMessages,
  IMAGE_LIMITS,
  MAX_BANNERS,
  parseBannerOrder,
} from '@kartlink/contracts';
import { userFacingMessage, httpStatusOf } from '../errors';
import { UploadError } from './upload';

/** What the banners page says when the server gives no usable message (SPEC section 8). */
export const BannerFailures = {
  fetch: 'Failed to fetch banners',
  upload: 'Failed to upload banner',
  uploadMany: 'Failed to upload banners',
  update: 'Failed to update banner',
  delete: 'Failed to delete banner',
  toggle: 'Failed to toggle banners',
  reorder: 'Failed to reorder banners',
} as const;

/** The file picker's filter for banners: JPEG, PNG and WebP (no GIF). */
export const BANNER_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};

const isFile = (value: unknown): value is File =>
  typeof File !== 'undefined' && value instanceof File;

/** SPEC section 5, banner checks: the first problem of a banner file, or undefined. */
export function bannerFileProblem(file: unknown): string | undefined {
  if (!isFile(file)) return BannerMessages.noFiles;
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  if (!(BANNER_TYPES as readonly string[]).includes(type)) return BannerMessages.invalidType;
  if (file.size > IMAGE_LIMITS.maxBytes) return BannerMessages.tooLarge;
  return undefined;
}

/** Multiple upload: a non-empty list, each file checked; only the first 3 are sent. */
export function bannerFilesProblem(files: readonly unknown[]): string | undefined {
  if (files.length === 0) return BannerMessages.noFiles;
  for (const file of files.slice(0, IMAGE_LIMITS.bannersPerUpload)) {
    const problem = bannerFileProblem(file);
    if (problem) return problem;
  }
  return undefined;
}

/** A shop keeps at most 10 banners: whether `adding` more still fit beside `count`. */
export function bannerRoomProblem(count: number, adding: number): string | undefined {
  return count + adding > MAX_BANNERS ? BannerMessages.tooMany : undefined;
}

/** The order as typed: a whole number from 0; the number, or a problem. */
export function parseTypedOrder(typed: string | number): number | { problem: string } {
  return parseBannerOrder(String(typed)) ?? { problem: BannerMessages.orderInvalid };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The failure body of an RTK Query error or of an upload. */
function bodyOf(error: unknown): Record<string, unknown> | undefined {
  if (error instanceof UploadError) return isRecord(error.body) ? error.body : undefined;
  return isRecord(error) && isRecord(error.data) ? error.data : undefined;
}

/**
 * SPEC section 8, Banners: the server's error field, else the action's own words. A reorder
 * refused for unknown ids or a wrong count says which.
 */
export function bannerErrorMessage(error: unknown, fallback: string): string {
  const body = bodyOf(error);
  // The reorder's facts may come beside the message or in its details.
  for (const facts of [body, isRecord(body?.details) ? body.details : undefined]) {
    if (Array.isArray(facts?.invalidIds) && facts.invalidIds.length > 0) {
      return BannerMessages.invalidIds(facts.invalidIds.map(String));
    }
    if (typeof facts?.expected === 'number' && typeof facts.provided === 'number') {
      return BannerMessages.countMismatch(facts.expected, facts.provided);
    }
  }
  if (error instanceof UploadError) return error.message;
  const serverMessage = typeof body?.error === 'string' ? body.error.trim() : '';
  if (!serverMessage) return fallback;
  const shown = userFacingMessage(httpStatusOf(error), serverMessage);
  return shown === serverMessage ? shown : fallback;
}
