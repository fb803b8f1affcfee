import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes a UUID in either case, and nothing else', () => {
    expect(isUuid('0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e')).toBe(true);
    expect(isUuid('0B7E7A4E-6C52-4D8E-9A57-1F0B6A1D2C3E')).toBe(true);
    expect(isUuid('0b7e7a4e6c524d8e9a571f0b6a1d2c3e')).toBe(false);
    expect(isUuid(' 0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e')).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
