import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { ErrorCode, NatsError } from 'nats';
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

  it('knows a JetStream that does not answer, while a NATS cluster elects leaders or is away', () => {
    // nats.js's errors, as a JetStream API request or a publication rejects with them.
    expect(isOutage(NatsError.errorForCode(ErrorCode.Timeout))).toBe(true);
    expect(isOutage(NatsError.errorForCode(ErrorCode.NoResponders))).toBe(true);
    expect(isOutage(NatsError.errorForCode(ErrorCode.Disconnect))).toBe(true);
    expect(isOutage(NatsError.errorForCode(ErrorCode.ConnectionClosed))).toBe(true);
    // A refusal of the request itself is no outage.
    expect(isOutage(NatsError.errorForCode(ErrorCode.BadPayload))).toBe(false);
    // Another library's "TIMEOUT" is not taken for NATS's.
    expect(isOutage(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }))).toBe(false);
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
