import { assertTestDatabaseName } from '@kartlink/infra';
import { newRunId } from './test-run';

describe('newRunId', () => {
  it('is short, lower-case letters and digits, and different each time', () => {
    const ids = Array.from({ length: 50 }, newRunId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{8,12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('makes valid test database names and NATS subject prefixes', () => {
    const id = newRunId();
    expect(() => assertTestDatabaseName(`kartlink_test_e2e_${id}`)).not.toThrow();
    expect(`test.${id}.`).toMatch(/^([A-Za-z0-9_-]+\.)*$/);
  });
});
