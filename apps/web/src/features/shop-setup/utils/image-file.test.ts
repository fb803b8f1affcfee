import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-file';

const file = (name: string, type: string, size = 2048) => ({ name, type, size });

describe('the shop photo file checks (SPEC section 5)', () => {
  it('accepts JPEG, PNG, GIF and WebP images whose extension matches', () => {
    expect(imageFileProblem(file('logo.png', 'image/png'))).toBeUndefined();
    expect(imageFileProblem(file('logo.JPG', 'image/jpeg'))).toBeUndefined();
    expect(imageFileProblem(file('logo.jpeg', 'image/jpg'))).toBeUndefined();
    expect(imageFileProblem(file('logo.gif', 'image/gif'))).toBeUndefined();
    expect(imageFileProblem(file('logo.webp', 'image/webp'))).toBeUndefined();
  });

  it.each([
    [null, 'NO_FILE'],
    [file('big.png', 'image/png', 5_242_881), 'FILE_TOO_LARGE'],
    [file('empty.png', 'image/png', 99), 'FILE_CORRUPT'],
    [file('a<b.png', 'image/png'), 'INVALID_FILENAME'],
    [file(`${'a'.repeat(237)}.png`, 'image/png'), 'FILENAME_TOO_LONG'],
    [file('notes.txt', 'text/plain'), 'NOT_IMAGE'],
    [file('drawing.svg', 'image/svg+xml'), 'UNSUPPORTED_TYPE'],
    [file('logo.png', 'image/jpeg'), 'EXTENSION_MISMATCH'],
  ])('%j is refused with %s', (chosen, code) => {
    expect(imageFileProblem(chosen)).toBe(code);
  });

  it('takes exactly 5 MB and exactly 100 bytes', () => {
    expect(imageFileProblem(file('a.png', 'image/png', 5_242_880))).toBeUndefined();
    expect(imageFileProblem(file('a.png', 'image/png', 100))).toBeUndefined();
  });
});
