import { createLogger, type NatsRequester } from '@kartlink/server-kit';
import type { AnalyticsConfig } from '../config';
import type { RollupsRepository } from './rollups.repository';
import { RollupsService } from './rollups.service';

const LIMIT = 1000;

/** A repository with an endless backlog: every batch taken is full. */
function endlessBacklog(onBatch: (batch: number) => void) {
  let batches = 0;
  const repository = {
    transaction: (work: (manager: unknown) => Promise<number>) => work({}),
    takeBatch: async () => {
      batches += 1;
      onBatch(batches);
      return LIMIT;
    },
    batchClicks: async () => [],
    applyBatch: async () => undefined,
  };
  return repository as unknown as RollupsRepository;
}

const service = (repository: RollupsRepository) =>
  new RollupsService(
    repository,
    {} as NatsRequester,
    { ANALYTICS_FOLD_BATCH: LIMIT, ANALYTICS_TIMEZONE: 'Asia/Kolkata' } as AnalyticsConfig,
    createLogger('rollups-test', 'silent'),
  );

describe('a fold run', () => {
  it('ends after the batch in hand once the app begins to stop, backlog or not', async () => {
    const stopAt = { batch: 3, stop: () => undefined as void };
    const rollups = service(
      endlessBacklog((batch) => {
        if (batch === stopAt.batch) stopAt.stop();
      }),
    );
    stopAt.stop = () => rollups.onModuleDestroy();
    await expect(rollups.fold()).resolves.toBe(3 * LIMIT);
  });
});
