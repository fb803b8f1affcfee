import { accountExportFilename, accountImageFile, accountsStreamName } from './account';

describe('the account export and deletion names', () => {
  it('names the zip by the day it was made', () => {
    expect(accountExportFilename(new Date('2026-11-28T23:10:00Z'))).toBe(
      'kartlink-account-2026-11-28.zip',
    );
  });

  it('names each image in the zip by its id and its type', () => {
    expect(accountImageFile('a1', 'image/jpeg')).toBe('a1.jpg');
    expect(accountImageFile('b2', 'image/webp')).toBe('b2.webp');
    expect(accountImageFile('c3', 'image/png')).toBe('c3.png');
    expect(accountImageFile('d4', 'application/x-unknown')).toBe('d4.bin');
  });

  it('keeps the ACCOUNTS stream of each subject prefix apart', () => {
    expect(accountsStreamName('')).toBe('ACCOUNTS');
    expect(accountsStreamName('test.ab12.')).toBe('test_ab12_ACCOUNTS');
  });
});
