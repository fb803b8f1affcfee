/**
 * Images and banners (SPEC sections 3, 5, 7 and 8). Served under /api; the shapes below are
 * the `data` of the success envelope.
 */

/** The codes an upload can fail with (SPEC section 5 "Image file checks", section 8). */
export const UploadErrorCode = {
  NO_FILE: 'NO_FILE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FILE_CORRUPT: 'FILE_CORRUPT',
  INVALID_FILENAME: 'INVALID_FILENAME',
  FILENAME_TOO_LONG: 'FILENAME_TOO_LONG',
  EXTENSION_MISMATCH: 'EXTENSION_MISMATCH',
  NOT_IMAGE: 'NOT_IMAGE',
  UNSUPPORTED_TYPE: 'UNSUPPORTED_TYPE',
  DIMENSIONS_TOO_SMALL: 'DIMENSIONS_TOO_SMALL',
  UNPROCESSABLE_IMAGE: 'UNPROCESSABLE_IMAGE',
} as const;
export type UploadErrorCode = (typeof UploadErrorCode)[keyof typeof UploadErrorCode];

export const IMAGE_LIMITS = {
  /** 5 MB (SPEC section 9). */
  maxBytes: 5_242_880,
  minBytes: 100,
  maxFilenameLength: 240,
  /** Characters a filename must not contain (SPEC section 5). */
  forbiddenFilenameChars: /[<>:"/\\|?*]/,
  /** Shop photo resize defaults (SPEC section 9). */
  shopPhoto: { maxWidth: 800, maxHeight: 800, quality: 0.85 },
  /** At most this many files are taken from one multi-upload (SPEC section 9). */
  bannersPerUpload: 3,
  /** Banners are shown 3:1 (width:height). */
  bannerAspect: 3,
} as const;

/** Upload types accepted for shop, profile and product images. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Banners take no GIF (SPEC section 5 "Banner checks"). */
export const BANNER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

/** What an image upload answers (SPEC section 3 "Upload response" and "Image reference"). */
export interface UploadedImage {
  /** The image's id, for DELETE /api/photos/{id}. */
  _id: string;
  /** Where the primary variant is served; immutable, cacheable for a year. */
  url: string;
  /** The same address as `url`, under the name the photo calls read. */
  photoURL: string;
  /** A small variant for grids; until the worker made it, it serves the primary variant. */
  thumbnailUrl: string;
  width: number;
  height: number;
  contentType: string;
  bytes: number;
}

/** Which image a POST /api/photos/upload is for; decides the served address and variants. */
export type ImageKind = 'product' | 'profile' | 'shop';

export interface Banner {
  id: string;
  url: string;
  alt: string;
  link: string;
  order: number;
}

/** GET /api/banners/shop, and `banners` of the public shop (SPEC section 3 "Shop"). */
export interface BannerList {
  enabled: boolean;
  images: Banner[];
}

/** PUT /api/banners/{id}. */
export interface BannerUpdateBody {
  alt?: string;
  link?: string;
  order?: number;
}

export interface BannerToggleBody {
  enabled: boolean;
}

export interface BannerReorderBody {
  bannerIds: string[];
}

/** Messages of SPEC sections 5 and 8 for banners. */
export const BannerMessages = {
  invalidType: 'Invalid file type. Only JPEG, PNG, and WebP images are allowed',
  tooLarge: 'File size exceeds 5MB limit',
  altNotString: 'Alt text must be a string',
  linkNotString: 'Link must be a string',
  linkInvalid: 'Link must be a valid URL (starting with http://, https:// or /)',
  invalidUrlFormat: 'Invalid URL format',
  orderInvalid: 'Order must be a non-negative integer',
  noFiles: 'No files provided',
  invalidId: 'Invalid banner ID',
  enabledNotBoolean: 'Enabled status must be a boolean',
  nothingToReorder: 'No banners to reorder',
  duplicateIds: 'Duplicate banner IDs found',
  invalidIds: (ids: string[]) => `Invalid banner IDs: ${ids.join(', ')}`,
  countMismatch: (expected: number, got: number) =>
    `Reorder must include all banners. Expected ${expected}, got ${got}`,
} as const;
