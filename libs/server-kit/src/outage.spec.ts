import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { isOutage } from './outage';

describe('isOutage', () => {
  it('knows a Redis that is not there, as ioredis reports it', () => {
    // The services' clients give up on a command after one retry (createRedis).
    expect(isOutage(new MaxRetriesPerRequestError(1))).toBe(true);
    // What ioredis rejects a command with once its connection has closed.
    expect(isOutage(new Error('Connection is closed.'))).toBe(true);
  });

  it('knows a PostgreSQL that is not there or going away, also inside TypeORM’s error', async () => {
    const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const refused = await client.connect().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isOutage(refused)).toBe(true);
    const shutdown = Object.assign(
      new Error('terminating connection due to administrator command'),
      { code: '57P01' },
    );
    expect(isOutage(shutdown)).toBe(true);
    expect(isOutage(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('does not take a bug or a refused write for an outage', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(isOutage(new QueryFailedError('INSERT', [], unique))).toBe(false);
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isOutage(undefined)).toBe(false);
    expect(isOutage('a string')).toBe(false);
  });
});
