import { decodeCursor, decodeTimeCursor, encodeCursor } from './admin-cursor';

describe('admin list cursors', () => {
  it('gives back the values it was made of', () => {
    const cursor = encodeCursor([0, -3, '2026-11-29 00:38:01.123456+00', 'abc']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 4)).toEqual([0, -3, '2026-11-29 00:38:01.123456+00', 'abc']);
  });

  it('refuses what is not a cursor of that length', () => {
    expect(decodeCursor('nonsense', 2)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['a']), 2)).toBeUndefined();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), 1)).toBeUndefined();
    expect(decodeCursor(Buffer.from('[null,1]').toString('base64url'), 2)).toBeUndefined();
  });

  it('keeps PostgreSQL timestamps to the microsecond and checks the id', () => {
    const id = '0b5a1c3e-58c3-4a55-9d3b-3f2a1e0c9d7f';
    const at = '2026-11-29 00:38:01.123456+00';
    expect(decodeTimeCursor(encodeCursor([at, id]))).toEqual({ at, id });
    expect(decodeTimeCursor(encodeCursor(['yesterday', id]))).toBeUndefined();
    expect(decodeTimeCursor(encodeCursor([at, 'x; DROP TABLE users']))).toBeUndefined();
  });
});
