import { nestsDeeperThan } from './json-body';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, however they mix', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[1]}]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":1,"b":{"c":2}}', 2)).toBe(false);
  });

  it('counts depth, not the number of brackets', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '{"a":[]}').join(',')}]`;
    expect(nestsDeeperThan(wide, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\",  "b":[[[]]]}', 3)).toBe(true);
  });

  it('answers as soon as the limit is passed, for any length', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });
});
