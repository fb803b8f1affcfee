import { describe, expect, it } from 'vitest';
import {
  bannerErrorMessage,
  bannerFileProblem,
  bannerFilesProblem,
  bannerRoomProblem,
  parseTypedOrder,
} from './banner-checks';
import { UploadError } from './upload';

const file = (name: string, type: string, bytes = 2048) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: bytes });
  return made;
};

describe('a banner file (SPEC section 5)', () => {
  it('is a JPEG, PNG or WebP of at most 5 MB', () => {
    expect(bannerFileProblem(file('sale.jpg', 'image/jpeg'))).toBeUndefined();
    expect(bannerFileProblem(file('sale.jpg', 'image/jpg'))).toBeUndefined();
    expect(bannerFileProblem(file('sale.png', 'image/png', 5_242_880))).toBeUndefined();
    expect(bannerFileProblem(file('sale.webp', 'image/webp'))).toBeUndefined();
  });

  it('is refused as a GIF or SVG, or over 5 MB', () => {
    const invalid = 'Invalid file type. Only JPEG, PNG, and WebP images are allowed';
    expect(bannerFileProblem(file('sale.gif', 'image/gif'))).toBe(invalid);
    expect(bannerFileProblem(file('sale.svg', 'image/svg+xml'))).toBe(invalid);
    expect(bannerFileProblem(file('sale.png', 'image/png', 5_242_881))).toBe(
      'File size exceeds 5MB limit',
    );
  });

  it('must be a real file', () => {
    expect(bannerFileProblem('sale.png')).toBe('No files provided');
  });

  it('of a multiple upload: the list is not empty, and only the first 3 count', () => {
    expect(bannerFilesProblem([])).toBe('No files provided');
    const three = [1, 2, 3].map((n) => file(`${n}.png`, 'image/png'));
    expect(bannerFilesProblem([...three, file('4.gif', 'image/gif')])).toBeUndefined();
    expect(bannerFilesProblem([file('1.gif', 'image/gif'), ...three])).toMatch(/Invalid file type/);
  });
});

describe("a banner's fields", () => {
  it('a shop keeps at most 10', () => {
    expect(bannerRoomProblem(7, 3)).toBeUndefined();
    expect(bannerRoomProblem(8, 3)).toBe(
      'A shop can have at most 10 banners. Delete one to add another.',
    );
  });

  it('order is a whole number from 0', () => {
    expect(parseTypedOrder('0')).toBe(0);
    expect(parseTypedOrder(' 7 ')).toBe(7);
    for (const typed of ['-1', '1.5', 'two', '']) {
      expect(parseTypedOrder(typed)).toEqual({ problem: 'Order must be a non-negative integer' });
    }
  });
});

describe('what a failed banner call says (SPEC section 8)', () => {
  const rtkError = (status: number, data: unknown) => ({ status, data });

  it("is the server's error field, else the action's own words", () => {
    expect(
      bannerErrorMessage(
        rtkError(404, { error: 'Banner not found', errorCode: 'NOT_FOUND' }),
        'Failed to update banner',
      ),
    ).toBe('Banner not found');
    expect(bannerErrorMessage(rtkError(500, {}), 'Failed to delete banner')).toBe(
      'Failed to delete banner',
    );
    expect(bannerErrorMessage({ status: 'FETCH_ERROR' }, 'Failed to fetch banners')).toBe(
      'Failed to fetch banners',
    );
    expect(
      bannerErrorMessage(
        rtkError(500, { error: 'Internal server error' }),
        'Failed to toggle banners',
      ),
    ).toBe('Failed to toggle banners');
  });

  it('names unknown ids and wrong counts of a reorder', () => {
    expect(
      bannerErrorMessage(
        rtkError(400, { error: 'Invalid banner IDs', invalidIds: ['b7', 'b9'] }),
        'Failed to reorder banners',
      ),
    ).toBe('Invalid banner IDs: b7, b9');
    expect(
      bannerErrorMessage(
        rtkError(400, { error: 'Wrong count', details: { expected: 4, provided: 3 } }),
        'Failed to reorder banners',
      ),
    ).toBe('Reorder must include all banners. Expected 4, got 3');
  });

  it("is an upload's own message", () => {
    const failure = new UploadError('NETWORK', 'Network error. Please check your connection.');
    expect(bannerErrorMessage(failure, 'Failed to upload banner')).toBe(
      'Network error. Please check your connection.',
    );
  });
});
