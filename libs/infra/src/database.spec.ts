import { assertTestDatabaseName, quoteIdentifier } from './database';

describe('assertTestDatabaseName', () => {
  it.each(['kartlink_test_k3x9a2', 'kartlink_test_e2e_k3x9a2', 'test', 'test_db', 'my_test'])(
    'accepts %s',
    (name) => {
      expect(() => assertTestDatabaseName(name)).not.toThrow();
    },
  );

  it.each([
    'kartlink',
    'postgres',
    'contest',
    'kartlink_testing',
    'attest_db',
    'Kartlink_Test_1',
    'kartlink-test-1',
    'kartlink_test; DROP DATABASE kartlink',
    `kartlink_test_${'x'.repeat(60)}`,
    '',
  ])('refuses %p', (name) => {
    expect(() => assertTestDatabaseName(name)).toThrow(/Refusing to use database/);
  });
});

describe('quoteIdentifier', () => {
  it('double-quotes a name and doubles the quotes inside it', () => {
    expect(quoteIdentifier('kartlink')).toBe('"kartlink"');
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });
});
