import { DefaultErrorMessage, IMAGE_LIMITS } from '@kartlink/contracts';
import { ErrorCode as DropErrorCode, type FileRejection } from 'react-dropzone';

/** The types a shop, profile or product image may have, with the extensions each may carry. */
export const IMAGE_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

/** SPEC section 9: the load check gives up after 10 s. */
const IMAGE_LOAD_TIMEOUT_MS = 10_000;

/** The client checks of SPEC section 5, "Image file checks". */
type ImageCheckCode =
  | 'NO_FILE'
  | 'FILE_TOO_LARGE'
  | 'FILE_CORRUPT'
  | 'INVALID_FILENAME'
  | 'FILENAME_TOO_LONG'
  | 'EXTENSION_MISMATCH'
  | 'NOT_IMAGE'
  | 'UNSUPPORTED_TYPE'
  | 'DIMENSIONS_TOO_SMALL'
  | 'VALIDATION_TIMEOUT'
  | 'IMAGE_LOAD_ERROR';

export const ImageCheckMessages: Record<ImageCheckCode, string> = {
  NO_FILE: 'Please choose an image file.',
  FILE_TOO_LARGE: 'This image is too large. Please choose one under 5MB.',
  FILE_CORRUPT: 'This file seems to be corrupted or empty. Please choose another one.',
  INVALID_FILENAME: 'The file name must not contain < > : " / \\ | ? *',
  FILENAME_TOO_LONG: `The file name is too long (at most ${IMAGE_LIMITS.maxFilenameLength} characters).`,
  EXTENSION_MISMATCH: "The file's extension does not match its type.",
  NOT_IMAGE: 'This file is not an image.',
  UNSUPPORTED_TYPE: 'Unsupported image type. Please use JPG, PNG, GIF or WebP.',
  DIMENSIONS_TOO_SMALL: 'This image is too small.',
  VALIDATION_TIMEOUT: 'Checking this image took too long. Please try again or choose another one.',
  IMAGE_LOAD_ERROR: 'This image could not be read. It may be damaged: please choose another one.',
};

export interface MinDimensions {
  minWidth?: number;
  minHeight?: number;
}

/** What a file passing every check turned out to be. */
interface CheckedImage {
  file: File;
  width: number;
  height: number;
}

export class ImageCheckError extends Error {
  constructor(
    readonly code: ImageCheckCode | 'UNEXPECTED',
    message: string,
  ) {
    super(message);
    this.name = 'ImageCheckError';
  }
}

const failWith = (code: ImageCheckCode, message = ImageCheckMessages[code]) =>
  new ImageCheckError(code, message);

type FileFacts = Pick<File, 'name' | 'size' | 'type'>;

/** The first rule of SPEC section 5 a file's name, size and type break, or undefined. */
export function imageFileProblem(file: FileFacts | null | undefined): ImageCheckCode | undefined {
  if (!file) return 'NO_FILE';
  if (file.size > IMAGE_LIMITS.maxBytes) return 'FILE_TOO_LARGE';
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const extensions = IMAGE_ACCEPT[type];
  // An image of a type the product does not take (a small SVG icon) is named as such, not
  // as empty or corrupted.
  if (file.size < IMAGE_LIMITS.minBytes)
    return type.startsWith('image/') && !extensions ? 'UNSUPPORTED_TYPE' : 'FILE_CORRUPT';
  if (IMAGE_LIMITS.forbiddenFilenameChars.test(file.name)) return 'INVALID_FILENAME';
  if (file.name.length > IMAGE_LIMITS.maxFilenameLength) return 'FILENAME_TOO_LONG';
  if (!type.startsWith('image/')) return 'NOT_IMAGE';
  if (!extensions) return 'UNSUPPORTED_TYPE';
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  if (!extension || !extensions.includes(extension)) return 'EXTENSION_MISMATCH';
  return undefined;
}

/**
 * Loads the image the way the browser will show it: its size, or IMAGE_LOAD_ERROR when it does
 * not decode, or VALIDATION_TIMEOUT after `timeoutMs`.
 */
export function loadImageSize(
  file: Blob,
  timeoutMs = IMAGE_LOAD_TIMEOUT_MS,
): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const address = URL.createObjectURL(file);
    const image = new Image();
    const finish = () => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      URL.revokeObjectURL(address);
    };
    const timer = setTimeout(() => {
      finish();
      reject(failWith('VALIDATION_TIMEOUT'));
    }, timeoutMs);
    image.onload = () => {
      finish();
      const width = image.naturalWidth;
      const height = image.naturalHeight;
      if (width > 0 && height > 0) resolve({ width, height });
      else reject(failWith('IMAGE_LOAD_ERROR'));
    };
    image.onerror = () => {
      finish();
      reject(failWith('IMAGE_LOAD_ERROR'));
    };
    image.src = address;
  });
}

/**
 * Every client check of SPEC section 5 on a chosen file: its name, size and type, then whether
 * it loads as an image within 10 s and is large enough. Rejects with an ImageCheckError whose
 * message is for people; a check that breaks unexpectedly says so in the words of section 8.
 */
export async function checkImageFile(
  file: File | null | undefined,
  minimum: MinDimensions = {},
): Promise<CheckedImage> {
  try {
    const problem = imageFileProblem(file);
    if (problem || !file) throw failWith(problem ?? 'NO_FILE');
    const { width, height } = await loadImageSize(file);
    const { minWidth = 0, minHeight = 0 } = minimum;
    if (width < minWidth || height < minHeight) {
      throw failWith(
        'DIMENSIONS_TOO_SMALL',
        `This image is ${width}×${height} pixels; it must be at least ${minWidth}×${minHeight}.`,
      );
    }
    return { file, width, height };
  } catch (error) {
    if (error instanceof ImageCheckError) throw error;
    throw new ImageCheckError('UNEXPECTED', DefaultErrorMessage.unknown);
  }
}

/**
 * SPEC section 5: the file drop's own wording for what it refused ('File type must be ...',
 * 'Too many files'), with the size limit in bytes.
 */
export function dropRejectionMessage(rejection: FileRejection | undefined): string {
  const error = rejection?.errors[0];
  switch (error?.code) {
    case DropErrorCode.FileTooLarge:
      return `File is larger than ${IMAGE_LIMITS.maxBytes} bytes`;
    case DropErrorCode.TooManyFiles:
      return 'Too many files';
    default:
      return error?.message ?? ImageCheckMessages.NOT_IMAGE;
  }
}
