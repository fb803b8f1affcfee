import { BannerMessages, ErrorCode, UploadMessages } from '@kartlink/contracts';
import type { ServiceError } from '@kartlink/server-kit';
import { checkUpload, extensionType, filenameProblem, type UploadPolicy } from './upload-checks';

function png(width: number, height: number) {
  const bytes = Buffer.alloc(120);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const policy: UploadPolicy = { allowed: ['jpeg', 'png', 'gif', 'webp'], maxPixels: 40_000_000 };

function refusal(filename: string, bytes: Buffer, declaredType = '', rules = policy) {
  try {
    checkUpload({ filename, declaredType, bytes }, rules);
  } catch (err) {
    const { code, message } = err as ServiceError;
    return { code, message };
  }
  return undefined;
}

describe('filenameProblem (SPEC section 5)', () => {
  it.each([
    'a<b.png',
    'a>b.png',
    'a:b.png',
    'a"b.png',
    'a/b.png',
    'a\\b.png',
    'a|b.png',
    'a?.png',
    'a*.png',
    'tab\t.png',
    '   ',
  ])('refuses %j as an invalid filename', (name) => {
    expect(filenameProblem(name)).toMatchObject({
      code: ErrorCode.INVALID_FILENAME,
      message: UploadMessages.invalidFilename,
    });
  });

  it('takes 240 characters and refuses 241 as too long', () => {
    expect(filenameProblem(`${'a'.repeat(236)}.png`)).toBeUndefined();
    expect(filenameProblem(`${'a'.repeat(237)}.png`)).toMatchObject({
      code: ErrorCode.FILENAME_TOO_LONG,
    });
  });

  it('takes ordinary names with spaces, accents and several dots', () => {
    for (const name of ['My photo (1).JPG', 'café crème.webp', 'shop.logo.v2.png', 'blob'])
      expect(filenameProblem(name)).toBeUndefined();
  });
});

describe('extensionType', () => {
  it.each([
    ['a.JPG', 'jpeg'],
    ['a.jpeg', 'jpeg'],
    ['a.jfif', 'jpeg'],
    ['a.png', 'png'],
    ['a.svg', 'other'],
    ['blob', undefined],
    ['.hidden', undefined],
  ])('%s names %s', (name, type) => {
    expect(extensionType(name)).toBe(type);
  });
});

describe('checkUpload', () => {
  it('accepts a PNG named .png and answers its type and size', () => {
    expect(
      checkUpload({ filename: 'logo.png', declaredType: 'image/png', bytes: png(64, 48) }, policy),
    ).toEqual({
      type: 'png',
      width: 64,
      height: 48,
      frames: 1,
    });
  });

  it('calls a file under 100 bytes corrupt', () => {
    expect(refusal('tiny.png', png(10, 10).subarray(0, 40))).toEqual({
      code: ErrorCode.FILE_CORRUPT,
      message: UploadMessages.corrupt,
    });
  });

  it('refuses a PNG named .jpg (or declared as JPEG) as an extension mismatch', () => {
    const expected = {
      code: ErrorCode.EXTENSION_MISMATCH,
      message: UploadMessages.extensionMismatch('PNG'),
    };
    expect(refusal('photo.jpg', png(10, 10))).toEqual(expected);
    expect(refusal('photo', png(10, 10), 'image/jpeg')).toEqual(expected);
    expect(refusal('photo.png', png(10, 10), 'image/png; charset=binary')).toBeUndefined();
  });

  it('refuses SVG as unsupported, and text as not an image', () => {
    expect(refusal('logo.svg', Buffer.from(`<svg>${' '.repeat(100)}</svg>`))?.code).toBe(
      ErrorCode.UNSUPPORTED_TYPE,
    );
    // A hand-written icon under 100 bytes, with no XML declaration: still a type we refuse.
    expect(
      refusal('icon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8"/>')),
    ).toEqual({ code: ErrorCode.UNSUPPORTED_TYPE, message: UploadMessages.unsupportedType });
    expect(refusal('tiny.png', Buffer.from('short words'))?.code).toBe(ErrorCode.FILE_CORRUPT);
    expect(refusal('notes.png', Buffer.from('just words '.repeat(20)))).toEqual({
      code: ErrorCode.NOT_IMAGE,
      message: UploadMessages.notImage,
    });
  });

  it('refuses more pixels than the limit from the header, before any decoding', () => {
    expect(refusal('bomb.png', png(50_000, 50_000))).toEqual({
      code: ErrorCode.UNPROCESSABLE_IMAGE,
      message: UploadMessages.tooManyPixels(40),
    });
  });

  it('checks the minimum dimensions asked for', () => {
    expect(
      refusal('small.png', png(100, 80), '', { ...policy, minWidth: 200, minHeight: 50 }),
    ).toEqual({
      code: ErrorCode.DIMENSIONS_TOO_SMALL,
      message: UploadMessages.tooSmall(200, 50, 100, 80),
    });
  });

  it("answers a type a banner does not take with the banners' message", () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([10, 0, 10, 0, 0, 0, 0]),
      Buffer.alloc(100),
    ]);
    expect(
      refusal('anim.gif', gif, '', { ...policy, allowed: ['jpeg', 'png', 'webp'], banner: true }),
    ).toEqual({
      code: ErrorCode.UNSUPPORTED_TYPE,
      message: BannerMessages.invalidType,
    });
  });

  it('names the filename problem first, before reading the bytes', () => {
    expect(refusal('bad|name.png', Buffer.alloc(3))?.code).toBe(ErrorCode.INVALID_FILENAME);
  });
});
