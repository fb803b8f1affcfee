import { isUuid } from '@kartlink/contracts';
import { uuidV7 } from './uuid-v7';

describe('uuidV7', () => {
  it('is a UUID of version 7 and the RFC variant, its time in the first 48 bits', () => {
    const at = Date.UTC(2026, 10, 29, 13, 30, 5, 123);
    const id = uuidV7(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts ids of later milliseconds after earlier ones, as PostgreSQL orders uuids', () => {
    const start = Date.now();
    const ids = Array.from({ length: 1000 }, (_, i) => uuidV7(start + i));
    expect([...ids].sort()).toEqual(ids);
  });

  it('never repeats within a millisecond, across many draws of random bytes', () => {
    const ids = Array.from({ length: 10_000 }, () => uuidV7(1_800_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(15))).size).toBe(ids.length);
  });
});
