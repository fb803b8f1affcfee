/**
 * Images and banners (SPEC sections 3, 5, 7 and 8). Served under /api; the shapes below are
 * the `data` of the success envelope.
 */

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

/** Banners take no GIF (SPEC section 5 "Banner checks"). */
export const BANNER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

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
  linkNotSamePath:
    'Link must be a path on this site such as /my-shop/sale (no backslashes, spaces or encoded slashes)',
  invalidUrlFormat: 'Invalid URL format',
  orderInvalid: 'Order must be a non-negative integer',
  noFiles: 'No files provided',
  invalidId: 'Invalid banner ID',
  altTooLong: 'Alt text must be at most 250 characters',
  linkTooLong: 'Link must be at most 2048 characters',
  notFound: 'Banner not found',
  tooMany: 'A shop can have at most 10 banners. Delete one to add another.',
  nothingToUpdate: 'Send alt, link or order to change',
  enabledNotBoolean: 'Enabled status must be a boolean',
  nothingToReorder: 'No banners to reorder',
  duplicateIds: 'Duplicate banner IDs found',
  invalidIds: (ids: string[]) => `Invalid banner IDs: ${ids.join(', ')}`,
  countMismatch: (expected: number, got: number) =>
    `Reorder must include all banners. Expected ${expected}, got ${got}`,
} as const;

/** SPEC section 8 "too many upload attempts": the upload routes' own budget per client. */
export const UPLOAD_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;

/** A shop shows at most this many banners; one more is refused with a message. */
export const MAX_BANNERS = 10;
export const BANNER_ALT_MAX = 250;
export const BANNER_LINK_MAX = 2048;

/** What the server says for each upload failure (the errorCode travels beside it). */
export const UploadMessages = {
  noFile: 'No file was uploaded. Please choose an image.',
  tooManyFiles: 'Too many files. Please upload one image at a time.',
  tooLarge: 'File is too large. Please choose an image under 5MB.',
  corrupt: 'The file is empty or corrupted. Please choose another image.',
  invalidFilename: 'The file name must not contain any of these characters: < > : " / \\ | ? *',
  filenameTooLong: 'The file name is too long. Please use a name of at most 240 characters.',
  extensionMismatch: (actual: string) =>
    `The file extension does not match its content, which is a ${actual} image. Please rename the file or choose another.`,
  notImage: 'The file is not an image. Please choose a JPG, PNG, GIF or WebP image.',
  unsupportedType: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.',
  tooSmall: (minWidth: number, minHeight: number, width: number, height: number) =>
    `The image must be at least ${minWidth}×${minHeight} pixels; this one is ${width}×${height}.`,
  tooManyPixels: (megapixels: number) =>
    `The image is too large to process. Please choose one of at most ${megapixels} megapixels.`,
  unprocessable: 'The image could not be processed. It may be damaged; please choose another.',
  incomplete: 'The file did not arrive completely. Please try again.',
  notReceived: 'The upload did not arrive. Please try again.',
  invalidType: 'type must be product, profile or shop',
  invalidResize:
    'resizeOptions must hold maxWidth and maxHeight from 16 to 4096 and a quality above 0 and at most 1',
  invalidMinimum: 'minWidth and minHeight must be whole numbers from 1 to 10000',
  invalidMetadata: 'metadata must be a JSON object of at most 2048 characters',
  imageNotFound: 'Image not found',
} as const;

/** How the shop photo (and any upload asking for it) is resized: fit inside, never enlarged. */
export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  /** 0 to 1, as the web sends it (0.85); JPEG and WebP quality is this × 100. */
  quality: number;
}

/** An uploaded file the gateway streamed into the blob store, before media-service checked it. */
export interface IncomingUpload {
  /** Blob key under `incoming/`; media-service deletes it once it has answered. */
  key: string;
  filename: string;
  /** The Content-Type the client declared for the part; never trusted, only compared. */
  mimeType: string;
  size: number;
}

/** Subjects.media.ingestImage: check an incoming upload and make its primary variant. */
export interface ImageIngestRequest {
  caller: { userId: string };
  upload: IncomingUpload;
  kind: ImageKind;
  resize?: ResizeOptions;
  minWidth?: number;
  minHeight?: number;
  metadata?: Record<string, unknown>;
}

/** Subjects.media.uploadBanners: one or more banner files, with the text of a single one. */
export interface BannerIngestRequest {
  caller: { userId: string };
  uploads: IncomingUpload[];
  details?: { alt?: string; link?: string; order?: number };
}

/** Subjects.media.defaultCard: the default share card of a shop without a picture. */
export interface DefaultCardRequest {
  shopName: string;
  /** Drawn instead of the name when none of the name's characters can be drawn. */
  shopUrl: string;
}

/** Where the default card is: a blob key (`BlobKeys.defaultCard`), the bytes stay off NATS. */
export interface DefaultCardAnswer {
  key: string;
}

/** Events.bannersChanged (JetStream stream MEDIA): an owner's whole banner list after a change. */
export interface BannersChanged {
  id: string;
  userId: string;
  /** Grows with every change of this owner's banners: an older event never overwrites a newer. */
  version: number;
  banners: BannerList;
  occurredAt: string;
}

/**
 * The image sweep asks each service holding image addresses which of these ids a row of its
 * own still names (anywhere in an address, on any host: `/api/photos/{id}.jpg`,
 * `/api/shop/product-images/{id}/card`...), at most MAX_IMAGE_REFERENCE_IDS at a time.
 */
export interface ImageReferencesRequest {
  ids: string[];
}
export interface ImageReferencesAnswer {
  /** The ids asked about that are still referenced, lower case. */
  referenced: string[];
}
export const MAX_IMAGE_REFERENCE_IDS = 1000;

/** The MEDIA stream's name for a subject prefix: "test.ab12." gives "test_ab12_MEDIA". */
export function mediaStreamName(prefix: string): string {
  return `${prefix.replace(/\W/g, '_')}MEDIA`;
}

/** The blob store's bucket for a subject prefix (object store names allow [-_A-Za-z0-9] only). */
export function mediaBucketName(prefix: string): string {
  return `${prefix.replace(/[^-\w]/g, '_')}kartlink_media`;
}

/** Where each image is served (public, no token). An id names one upload: its bytes never change. */
export const ImagePaths = {
  productImage: (id: string) => `/api/shop/product-images/${id}`,
  productThumbnail: (id: string) => `/api/shop/product-images/${id}/thumbnail`,
  photo: (id: string, extension: string) => `/api/photos/${id}.${extension}`,
  photoThumbnail: (id: string) => `/api/photos/${id}/thumbnail`,
  /** The 1200×630 share card of a product image (share-card.ts). */
  productCard: (id: string) => `/api/shop/product-images/${id}/card`,
  /** The 1200×630 share card of a shop photo (share-card.ts). */
  photoCard: (id: string) => `/api/photos/${id}/card`,
  banner: (id: string) => `/api/banners/${id}`,
} as const;

// /api/photos/{uuid}.{extension}: a shop or profile photo's address, as an upload answers it.
const PHOTO_PATH =
  /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|gif|webp)$/;

/** The image id of a photo address this site serves, or undefined for any other address. */
export function photoIdOf(url: string): string | undefined {
  return PHOTO_PATH.exec(url)?.[1];
}

/**
 * The variants of an image in the blob store; the primary one is made before the upload answers.
 * `card` (a 1200×630 JPEG share card) is made of shop photos and product images only; `webp`
 * and `medium-webp` only of a JPEG or PNG whose WebP copy is smaller.
 */
export const IMAGE_VARIANTS = [
  'primary',
  'thumbnail',
  'medium',
  'webp',
  'medium-webp',
  'card',
] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/**
 * The widths the smaller variants are made at (fit inside, never enlarged): what `srcset`
 * offers. The medium one fills a phone's width: a 412 px screen at 1.75 device pixels per CSS
 * pixel shows a full-width picture 665 pixels wide.
 */
export const VARIANT_WIDTHS = { thumbnail: 320, medium: 720 } as const;

/**
 * Blob keys, shared by media-service (which writes them) and the gateway (which serves them):
 * the key follows from the image id, so serving an image needs no database.
 */
export const BlobKeys = {
  incoming: (uploadId: string) => `incoming/${uploadId}`,
  image: (imageId: string, variant: ImageVariant) => `images/${imageId}/${variant}`,
  /** A default share card, named by a digest of what it shows: a new name is a new blob. */
  defaultCard: (digest: string) => `cards/default/${digest}`,
} as const;

/** Each stored image blob carries its kind, so that one route never serves another's images. */
export type StoredImageKind = ImageKind | 'banner';

/**
 * The largest a stored image of each kind may be (fit inside, never enlarged): media-service
 * makes the primary variant within it, and `srcset` describes the primary at its width. The
 * shop photo route asks for 800×800 (SPEC section 7) unless the form says resize=false.
 */
export const PRIMARY_BOXES: Record<StoredImageKind, { maxWidth: number; maxHeight: number }> = {
  product: { maxWidth: 2048, maxHeight: 2048 },
  profile: { maxWidth: 1024, maxHeight: 1024 },
  shop: { maxWidth: 2048, maxHeight: 2048 },
  banner: { maxWidth: 2400, maxHeight: 1200 },
};
