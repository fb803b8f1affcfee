import { UPLOAD_RATE_LIMIT } from '@kartlink/contracts';
import type { RateLimitPolicy } from '../rate-limit/rate-limit.decorator';

/** SPEC section 8's "too many upload attempts": one budget for every upload route. */
export const UPLOADS: RateLimitPolicy = {
  name: 'uploads',
  ...UPLOAD_RATE_LIMIT,
  message: 'Too many upload attempts. Please wait a minute and try again.',
};

export const uploadErrors =
  'Answers 201 with UploadedImage (url and photoURL are the same address). Refusals carry ' +
  'errorCode: NO_FILE, INVALID_FILENAME, FILENAME_TOO_LONG, EXTENSION_MISMATCH (400); ' +
  'FILE_TOO_LARGE over 5 MB (413); UNSUPPORTED_TYPE (415, e.g. SVG); FILE_CORRUPT under ' +
  '100 bytes, NOT_IMAGE, DIMENSIONS_TOO_SMALL, UNPROCESSABLE_IMAGE (422). The type is read ' +
  'from the bytes; metadata (GPS included) is removed.';

export const bannerErrors =
  'JPEG, PNG or WebP; other types answer 415 "Invalid file type. Only JPEG, PNG, and WebP ' +
  'images are allowed", over 5 MB 413 "File size exceeds 5MB limit". An owner without a shop ' +
  'gets 404 with requiresSetup.';

const file = { type: 'string', format: 'binary' } as const;
const text = (description: string) => ({ type: 'string', description });

/** A multipart body, written by hand (Swagger cannot read it from a DTO). */
export function imageForm(
  field: string,
  extra: { type?: boolean; metadata?: boolean; resize?: boolean } = {},
) {
  return {
    schema: {
      type: 'object',
      required: [field],
      properties: {
        [field]: file,
        ...(extra.type ? { type: { type: 'string', enum: ['product', 'profile', 'shop'] } } : {}),
        ...(extra.metadata ? { metadata: text('a JSON object of at most 2048 characters') } : {}),
        ...(extra.resize
          ? {
              resize: text('false to keep the size (up to 2048 px); resized by default'),
              resizeOptions: text('JSON {maxWidth, maxHeight, quality}: 800, 800, 0.85 by default'),
              originalFilename: text('used when the file part is named "blob"'),
              clientTimestamp: text('ignored'),
              fileSizeBytes: text('when sent, must be the size received'),
              mimeType: text('ignored: the type is read from the bytes'),
            }
          : {}),
        minWidth: text('optional minimum width in pixels (DIMENSIONS_TOO_SMALL below it)'),
        minHeight: text('optional minimum height in pixels'),
      },
    },
  };
}

/** The body of POST /banners/upload: one file with its alt, link and order. */
export const bannerForm = {
  schema: {
    type: 'object',
    required: ['banner'],
    properties: {
      banner: file,
      alt: text('alternative text, at most 250 characters'),
      link: text('empty, a path starting with /, or an http(s) address'),
      order: text('a non-negative integer; after the last banner by default'),
    },
  },
};

/** The body of POST /banners/upload-multiple: repeated banners files, the first 3 taken. */
export const bannersForm = {
  schema: {
    type: 'object',
    required: ['banners'],
    properties: { banners: { type: 'array', items: file, maxItems: 3 } },
  },
};
