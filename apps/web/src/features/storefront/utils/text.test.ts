import { describe, expect, it } from 'vitest';
import { isLongerThan, truncate } from './text';

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('Block-print kurta', 60)).toBe('Block-print kurta');
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
  });

  it('cuts at the limit and adds an ellipsis', () => {
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}…`);
  });

  it('drops a space left before the ellipsis', () => {
    expect(truncate('abcd efgh', 5)).toBe('abcd…');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(truncate('🪔🪔🪔', 2)).toBe('🪔🪔…');
    expect(isLongerThan('🪔🪔', 2)).toBe(false);
  });
});
