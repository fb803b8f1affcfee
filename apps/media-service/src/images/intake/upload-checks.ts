import { BannerMessages, ErrorCode, IMAGE_LIMITS, UploadMessages } from '@kartlink/contracts';
import { ServiceError } from '@kartlink/server-kit';
import { type ImageType, MIME_OF, sniffImage } from './sniff';

/** What the server knows of an upload before looking at its pixels. */
export interface UploadFacts {
  filename: string;
  /** The Content-Type the client declared for the file part. */
  declaredType: string;
  bytes: Buffer;
}

export interface UploadPolicy {
  allowed: readonly ImageType[];
  /** Width × height × frames above this is refused from the header alone. */
  maxPixels: number;
  minWidth?: number;
  minHeight?: number;
  /** Banners answer a type problem with their own message (SPEC section 5, banner checks). */
  banner?: boolean;
}

export interface AcceptedUpload {
  type: ImageType;
  width: number;
  height: number;
  frames: number;
}

const EXTENSION_TYPES: Record<string, ImageType> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

const refuse = (code: ErrorCode, message: string) => new ServiceError(code, message);

// Control characters are refused as well: no file system names a file with them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** SPEC section 5: none of < > : " / \ | ? *, at most 240 characters. */
export function filenameProblem(filename: string): ServiceError | undefined {
  if (
    !filename.trim() ||
    IMAGE_LIMITS.forbiddenFilenameChars.test(filename) ||
    CONTROL_CHARACTERS.test(filename)
  )
    return refuse(ErrorCode.INVALID_FILENAME, UploadMessages.invalidFilename);
  if (filename.length > IMAGE_LIMITS.maxFilenameLength)
    return refuse(ErrorCode.FILENAME_TOO_LONG, UploadMessages.filenameTooLong);
  return undefined;
}

/** The type a filename's extension names: an image type, 'other' for any other, none without. */
export function extensionType(filename: string): ImageType | 'other' | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return undefined;
  return EXTENSION_TYPES[filename.slice(dot + 1).toLowerCase()] ?? 'other';
}

function declaredImageType(mimeType: string): string | undefined {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/')) return undefined;
  return type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type;
}

/**
 * Every check SPEC section 5 asks of an image file that can be made from its name and bytes
 * without decoding it, in the order a person would want to hear them. Throws the first
 * problem as a ServiceError with its upload code.
 */
export function checkUpload(facts: UploadFacts, policy: UploadPolicy): AcceptedUpload {
  const typeRefused = () =>
    refuse(
      ErrorCode.UNSUPPORTED_TYPE,
      policy.banner ? BannerMessages.invalidType : UploadMessages.unsupportedType,
    );
  const badName = filenameProblem(facts.filename);
  if (badName) throw badName;
  const sniffed = sniffImage(facts.bytes);
  // A format the product does not take is named as such, however small: a hand-written SVG
  // icon is often under 100 bytes, and "empty or corrupted" would send its owner looking for
  // the wrong fault.
  if (sniffed.kind === 'unsupported') throw typeRefused();
  if (facts.bytes.length < IMAGE_LIMITS.minBytes)
    throw refuse(ErrorCode.FILE_CORRUPT, UploadMessages.corrupt);
  if (sniffed.kind === 'unknown')
    throw refuse(
      ErrorCode.NOT_IMAGE,
      policy.banner ? BannerMessages.invalidType : UploadMessages.notImage,
    );
  if (!policy.allowed.includes(sniffed.type)) throw typeRefused();

  const named = extensionType(facts.filename);
  const declared = declaredImageType(facts.declaredType);
  if ((named && named !== sniffed.type) || (declared && declared !== MIME_OF[sniffed.type]))
    throw refuse(
      ErrorCode.EXTENSION_MISMATCH,
      UploadMessages.extensionMismatch(sniffed.type.toUpperCase()),
    );

  // A header that announces no size cannot be decoded either.
  if (!sniffed.size) throw refuse(ErrorCode.UNPROCESSABLE_IMAGE, UploadMessages.unprocessable);
  const { width, height, frames } = sniffed.size;
  if (width * height * frames > policy.maxPixels)
    throw refuse(
      ErrorCode.UNPROCESSABLE_IMAGE,
      UploadMessages.tooManyPixels(Math.floor(policy.maxPixels / 1_000_000)),
    );
  const minWidth = policy.minWidth ?? 0;
  const minHeight = policy.minHeight ?? 0;
  if (width < minWidth || height < minHeight)
    throw refuse(
      ErrorCode.DIMENSIONS_TOO_SMALL,
      UploadMessages.tooSmall(minWidth, minHeight, width, height),
    );
  return { type: sniffed.type, width, height, frames };
}
