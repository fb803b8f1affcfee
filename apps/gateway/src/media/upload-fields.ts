import {
  type BannerIngestRequest,
  bannerAltProblem,
  bannerLinkProblem,
  BannerMessages,
  type FieldError,
  IMAGE_LIMITS,
  type ImageKind,
  parseBannerOrder,
  type ResizeOptions,
  UploadMessages,
} from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';

/**
 * The text fields of the upload forms (SPEC section 7, Images and Banners), read from strings
 * as multipart sends them. A field that does not make sense is refused with a message; the
 * fields the spec lists as informational (clientTimestamp, mimeType) are ignored.
 */

type Fields = Record<string, string>;

const refuse = (path: string, msg: string) => ServiceError.validation([{ path, msg }], msg);

const isTrue = (value: string | undefined) => /^(true|1|yes|on)$/i.test(value?.trim() ?? '');
const isFalse = (value: string | undefined) => /^(false|0|no|off)$/i.test(value?.trim() ?? '');

/** POST /photos/upload's `type`: product unless said otherwise. */
export function imageKind(fields: Fields): ImageKind {
  const type = fields.type?.trim().toLowerCase() || 'product';
  if (type !== 'product' && type !== 'profile' && type !== 'shop')
    throw refuse('type', UploadMessages.invalidType);
  return type;
}

/** `metadata`: a small JSON object kept with the image. */
export function imageMetadata(fields: Fields): Record<string, unknown> | undefined {
  const text = fields.metadata?.trim();
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (text.length > 2048 || typeof value !== 'object' || value === null || Array.isArray(value))
    throw refuse('metadata', UploadMessages.invalidMetadata);
  return value as Record<string, unknown>;
}

/** The first of several spellings a client may use for one field. */
const field = (fields: Fields, ...names: string[]) =>
  names.map((name) => fields[name]).find((value) => value !== undefined && value.trim() !== '');

/**
 * The shop photo's resize (SPEC section 7): on unless `resize` is false; `resizeOptions` as a
 * JSON string or as fields; maxWidth and maxHeight default 800, quality 0.85.
 */
export function resizeOptions(fields: Fields, { always = false } = {}): ResizeOptions | undefined {
  if (isFalse(fields.resize) || (!always && !isTrue(fields.resize))) return undefined;
  let given: Record<string, unknown> = {};
  if (fields.resizeOptions?.trim()) {
    try {
      given = JSON.parse(fields.resizeOptions) as Record<string, unknown>;
    } catch {
      throw refuse('resizeOptions', UploadMessages.invalidResize);
    }
    if (typeof given !== 'object' || given === null || Array.isArray(given))
      throw refuse('resizeOptions', UploadMessages.invalidResize);
  }
  const pick = (name: keyof ResizeOptions) =>
    given[name] ??
    field(fields, name, `resizeOptions[${name}]`, `resizeOptions.${name}`) ??
    IMAGE_LIMITS.shopPhoto[name];
  const options = {
    maxWidth: Number(pick('maxWidth')),
    maxHeight: Number(pick('maxHeight')),
    quality: Number(pick('quality')),
  };
  const side = (n: number) => Number.isInteger(n) && n >= 16 && n <= 4096;
  if (
    !side(options.maxWidth) ||
    !side(options.maxHeight) ||
    !(options.quality > 0 && options.quality <= 1)
  )
    throw refuse('resizeOptions', UploadMessages.invalidResize);
  return options;
}

/** Optional minimum dimensions (SPEC section 5). */
export function minimumSize(fields: Fields): { minWidth?: number; minHeight?: number } {
  const read = (name: 'minWidth' | 'minHeight') => {
    const text = fields[name]?.trim();
    if (!text) return undefined;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 10_000)
      throw refuse(name, UploadMessages.invalidMinimum);
    return value;
  };
  const minWidth = read('minWidth');
  const minHeight = read('minHeight');
  return {
    ...(minWidth !== undefined ? { minWidth } : {}),
    ...(minHeight !== undefined ? { minHeight } : {}),
  };
}

/** `fileSizeBytes`, when the client sent it, must be what arrived (a cut-off body is refused). */
export function checkDeclaredSize(fields: Fields, received: number) {
  const text = fields.fileSizeBytes?.trim();
  if (text && /^\d+$/.test(text) && Number(text) !== received)
    throw refuse('fileSizeBytes', UploadMessages.incomplete);
}

/** The file name to check: the part's own, or `originalFilename` when a Blob was sent as "blob". */
export function uploadFilename(partName: string, fields: Fields): string {
  const original = fields.originalFilename?.trim();
  return original && (partName === 'blob' || partName === '') ? original : partName;
}

/** POST /banners/upload's alt, link and order, with SPEC section 5's messages. */
export function bannerDetails(fields: Fields): NonNullable<BannerIngestRequest['details']> {
  const problems: FieldError[] = [];
  const alt = fields.alt ?? '';
  const link = (fields.link ?? '').trim();
  const altProblem = bannerAltProblem(alt);
  if (altProblem) problems.push({ path: 'alt', msg: altProblem });
  const linkProblem = bannerLinkProblem(link);
  if (linkProblem) problems.push({ path: 'link', msg: linkProblem });
  let order: number | undefined;
  if (fields.order !== undefined && fields.order.trim() !== '') {
    order = parseBannerOrder(fields.order);
    if (order === undefined) problems.push({ path: 'order', msg: BannerMessages.orderInvalid });
  }
  if (problems.length > 0) throw ServiceError.validation(problems);
  return { alt, link, ...(order !== undefined ? { order } : {}) };
}
