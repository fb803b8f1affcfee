import { escapeGlob } from './redis-keys';

describe('escapeGlob', () => {
  it('leaves plain prefixes alone', () => {
    expect(escapeGlob('test:ab12:')).toBe('test:ab12:');
  });

  it('escapes the characters Redis MATCH treats as patterns', () => {
    expect(escapeGlob('a*b?c[d]e\\f')).toBe('a\\*b\\?c\\[d\\]e\\\\f');
  });
});
