/** SPEC sections 5 and 9: the checks a shop photo passes before it is used. */
export const IMAGE_RULES = {
  maxBytes: 5_242_880,
  minBytes: 100,
  maxFilenameLength: 240,
} as const;

/** The types react-dropzone lets through, with the extensions each may carry. */
export const ACCEPTED_IMAGE_TYPES: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export type ImageFileCode =
  | 'NO_FILE'
  | 'FILE_TOO_LARGE'
  | 'FILE_CORRUPT'
  | 'INVALID_FILENAME'
  | 'FILENAME_TOO_LONG'
  | 'EXTENSION_MISMATCH'
  | 'NOT_IMAGE'
  | 'UNSUPPORTED_TYPE';

export const ImageFileMessages: Record<ImageFileCode, string> = {
  NO_FILE: 'Please choose an image file.',
  FILE_TOO_LARGE: 'This image is too large. Please choose one under 5MB.',
  FILE_CORRUPT: 'This file seems to be corrupted or empty. Please choose another one.',
  INVALID_FILENAME: 'The file name must not contain < > : " / \\ | ? *',
  FILENAME_TOO_LONG: 'The file name is too long (at most 240 characters).',
  EXTENSION_MISMATCH: "The file's extension does not match its type.",
  NOT_IMAGE: 'This file is not an image.',
  UNSUPPORTED_TYPE: 'Unsupported image type. Please use JPG, PNG, GIF or WebP.',
};

const INVALID_FILENAME = /[<>:"/\\|?*]/;

/** The first rule a chosen file breaks, or undefined when it may be used. */
export function imageFileProblem(
  file: Pick<File, 'name' | 'size' | 'type'> | null | undefined,
): ImageFileCode | undefined {
  if (!file) return 'NO_FILE';
  if (file.size > IMAGE_RULES.maxBytes) return 'FILE_TOO_LARGE';
  if (file.size < IMAGE_RULES.minBytes) return 'FILE_CORRUPT';
  if (INVALID_FILENAME.test(file.name)) return 'INVALID_FILENAME';
  if (file.name.length > IMAGE_RULES.maxFilenameLength) return 'FILENAME_TOO_LONG';
  if (!file.type.startsWith('image/')) return 'NOT_IMAGE';
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const extensions = ACCEPTED_IMAGE_TYPES[type];
  if (!extensions) return 'UNSUPPORTED_TYPE';
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  if (!extension || !extensions.includes(extension)) return 'EXTENSION_MISMATCH';
  return undefined;
}
