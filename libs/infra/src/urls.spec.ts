import { databaseNameOf, databaseUrl, localUrl } from './urls';

describe('localUrl', () => {
  it('puts the port into the local default URL of each kind', () => {
    expect(localUrl('postgres', 54321)).toBe('postgres://postgres@127.0.0.1:54321/postgres');
    expect(localUrl('redis', 6380)).toBe('redis://127.0.0.1:6380');
    expect(localUrl('nats', 4333)).toBe('nats://127.0.0.1:4333');
  });
});

describe('databaseUrl', () => {
  it('keeps the server, credentials and options and swaps the database', () => {
    expect(
      databaseUrl(
        'postgres://app:s3cret@db.internal:6543/main?sslmode=require',
        'kartlink_test_x1',
      ),
    ).toBe('postgres://app:s3cret@db.internal:6543/kartlink_test_x1?sslmode=require');
  });

  it('adds a database to a URL that names none', () => {
    expect(databaseUrl('postgres://postgres@127.0.0.1:5432', 'kartlink')).toBe(
      'postgres://postgres@127.0.0.1:5432/kartlink',
    );
  });
});

describe('databaseNameOf', () => {
  it('reads the database from the path', () => {
    expect(databaseNameOf('postgres://u@h:5432/shop%20db')).toBe('shop db');
  });

  it('is undefined when the URL names no database', () => {
    expect(databaseNameOf('postgres://u@h:5432')).toBeUndefined();
    expect(databaseNameOf('postgres://u@h:5432/')).toBeUndefined();
  });
});
