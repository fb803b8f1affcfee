import type { JetStreamManager, StreamInfo } from 'nats';
import { ensureStreamReplicas } from './jetstream-replicas';
import type { Logger } from './logger';

/** A stream as JetStream describes it, with `replicas` copies. */
const stream = (replicas: number) =>
  ({
    config: { name: 'ANALYTICS', subjects: ['analytics.>'], num_replicas: replicas },
  }) as unknown as StreamInfo;

function fakes(update: (name: string, config: unknown) => Promise<unknown> = async () => ({})) {
  const manager = { streams: { update: jest.fn(update) } };
  const logger = { info: jest.fn(), warn: jest.fn() };
  return {
    manager,
    logger,
    run: (info: StreamInfo, replicas: number) =>
      ensureStreamReplicas(manager as unknown as JetStreamManager, info, {
        replicas,
        logger: logger as unknown as Logger,
      }),
  };
}

describe('ensureStreamReplicas', () => {
  it('raises a stream made with fewer copies, keeping the rest of its configuration', async () => {
    const { manager, run } = fakes();
    await run(stream(1), 3);
    expect(manager.streams.update).toHaveBeenCalledWith('ANALYTICS', {
      name: 'ANALYTICS',
      subjects: ['analytics.>'],
      num_replicas: 3,
    });
  });

  it('leaves a stream with as many copies alone, and never lowers one', async () => {
    const { manager, logger, run } = fakes();
    await run(stream(3), 3);
    await run(stream(3), 1);
    expect(manager.streams.update).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith(
      expect.objectContaining({ stream: 'ANALYTICS', replicas: 3, configured: 1 }),
      expect.stringContaining('nats stream edit'),
    );
  });

  it('says what to run when NATS refuses, and goes on with the copies there are', async () => {
    const { logger, run } = fakes(async () => {
      throw new Error('insufficient resources');
    });
    await expect(run(stream(1), 3)).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ stream: 'ANALYTICS', replicas: 1, configured: 3 }),
      expect.stringContaining('nats stream edit ANALYTICS --replicas 3'),
    );
  });
});
