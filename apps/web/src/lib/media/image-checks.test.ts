import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, mockImageLoading } from '../../test/mock-image';
import { checkImageFile, ImageCheckMessages, imageFileProblem } from './image-checks';

const facts = (name: string, type: string, size = 2048) => ({ name, type, size });

/** The code a file is refused with, or 'ok'. */
async function verdict(file: File, minimum = {}) {
  try {
    await checkImageFile(file, minimum);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('the name, size and type checks (SPEC section 5)', () => {
  it('accept JPEG, PNG, GIF and WebP images whose extension matches', () => {
    expect(imageFileProblem(facts('logo.png', 'image/png'))).toBeUndefined();
    expect(imageFileProblem(facts('logo.JPG', 'image/jpeg'))).toBeUndefined();
    expect(imageFileProblem(facts('logo.jpeg', 'image/jpg'))).toBeUndefined();
    expect(imageFileProblem(facts('logo.gif', 'image/gif'))).toBeUndefined();
    expect(imageFileProblem(facts('logo.webp', 'image/webp'))).toBeUndefined();
  });

  it.each([
    [null, 'NO_FILE'],
    [facts('big.png', 'image/png', 5_242_881), 'FILE_TOO_LARGE'],
    [facts('empty.png', 'image/png', 99), 'FILE_CORRUPT'],
    [facts('a<b.png', 'image/png'), 'INVALID_FILENAME'],
    [facts('a|b.png', 'image/png'), 'INVALID_FILENAME'],
    [facts(`${'a'.repeat(237)}.png`, 'image/png'), 'FILENAME_TOO_LONG'],
    [facts('notes.txt', 'text/plain'), 'NOT_IMAGE'],
    [facts('drawing.svg', 'image/svg+xml'), 'UNSUPPORTED_TYPE'],
    [facts('icon.svg', 'image/svg+xml', 60), 'UNSUPPORTED_TYPE'],
    [facts('empty.txt', 'text/plain', 10), 'FILE_CORRUPT'],
    [facts('logo.png', 'image/jpeg'), 'EXTENSION_MISMATCH'],
    [facts('logo', 'image/png'), 'EXTENSION_MISMATCH'],
  ])('%j is refused with %s', (chosen, code) => {
    expect(imageFileProblem(chosen)).toBe(code);
  });

  it('take exactly 5 MB, exactly 100 bytes and a name of exactly 240 characters', () => {
    expect(imageFileProblem(facts('a.png', 'image/png', 5_242_880))).toBeUndefined();
    expect(imageFileProblem(facts('a.png', 'image/png', 100))).toBeUndefined();
    expect(imageFileProblem(facts(`${'a'.repeat(236)}.png`, 'image/png'))).toBeUndefined();
  });
});

describe('the load check', () => {
  beforeEach(() => {
    mockImageLoading();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes an image that loads, with its size', async () => {
    const file = imageFile('logo.png', 'image/png', { width: 640, height: 480 });
    await expect(checkImageFile(file)).resolves.toEqual({ file, width: 640, height: 480 });
  });

  it('refuses an image that does not decode with IMAGE_LOAD_ERROR', async () => {
    const file = imageFile('broken.png', 'image/png');
    await expect(checkImageFile(file)).rejects.toMatchObject({
      code: 'IMAGE_LOAD_ERROR',
      message: ImageCheckMessages.IMAGE_LOAD_ERROR,
    });
  });

  it('gives up after 10 s with VALIDATION_TIMEOUT', async () => {
    vi.useFakeTimers();
    const outcome = verdict(imageFile('slow.png', 'image/png'));
    await vi.advanceTimersByTimeAsync(9_999);
    const early = await Promise.race([outcome, Promise.resolve('still checking')]);
    expect(early).toBe('still checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('VALIDATION_TIMEOUT');
  });

  it('refuses an image smaller than asked, saying how small it is', async () => {
    const file = imageFile('small.png', 'image/png', { width: 300, height: 200 });
    await expect(checkImageFile(file, { minWidth: 400, minHeight: 200 })).rejects.toMatchObject({
      code: 'DIMENSIONS_TOO_SMALL',
      message: 'This image is 300×200 pixels; it must be at least 400×200.',
    });
    expect(await verdict(file, { minWidth: 300, minHeight: 200 })).toBe('ok');
  });

  it('does not load a file that fails the first checks', async () => {
    const { createObjectURL } = mockImageLoading();
    expect(await verdict(imageFile('logo.svg', 'image/svg+xml'))).toBe('UNSUPPORTED_TYPE');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('answers in words for people when the check itself breaks', async () => {
    URL.createObjectURL = () => {
      throw new Error('not supported');
    };
    await expect(checkImageFile(imageFile('logo.png', 'image/png'))).rejects.toMatchObject({
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});
