import { WorkSlots } from './work-slots';

/** A task that runs until `finish` is called; `started` tells whether it began. */
function task(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkSlots', () => {
  it('runs as many tasks at once as it has slots', async () => {
    const slots = new WorkSlots(2);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((n) => task(log, n));
    const runs = [a!, b!, c!].map((t) => slots.run('variants', t.run));
    await tick();
    expect(log).toEqual(['a', 'b']);
    a!.finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    b!.finish();
    c!.finish();
    await Promise.all(runs);
  });

  it('gives a freed slot to a waiting primary before waiting variants', async () => {
    const slots = new WorkSlots(1);
    const log: string[] = [];
    const first = task(log, 'first');
    const variants = task(log, 'variants');
    const primary = task(log, 'primary');
    const runs = [
      slots.run('primary', first.run),
      slots.run('variants', variants.run),
      slots.run('primary', primary.run),
    ];
    await tick();
    first.finish();
    await tick();
    expect(log).toEqual(['first', 'primary']);
    primary.finish();
    await tick();
    expect(log).toEqual(['first', 'primary', 'variants']);
    variants.finish();
    await Promise.all(runs);
  });

  it('keeps a slot for an upload on its way, not for longer', async () => {
    const slots = new WorkSlots(2);
    const log: string[] = [];
    const arrived = slots.arrival();
    const one = task(log, 'variants 1');
    const two = task(log, 'variants 2');
    const runs = [slots.run('variants', one.run), slots.run('variants', two.run)];
    await tick();
    expect(log).toEqual(['variants 1']);
    arrived();
    arrived();
    await tick();
    expect(log).toEqual(['variants 1', 'variants 2']);
    one.finish();
    two.finish();
    await Promise.all(runs);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new WorkSlots(1);
    await expect(
      slots.run('primary', () => Promise.reject(new Error('undecodable'))),
    ).rejects.toThrow('undecodable');
    await expect(slots.run('variants', () => Promise.resolve('made'))).resolves.toBe('made');
  });
});

describe('WorkSlots holding the slot of a primary job just done', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('gives it to variants only once nobody came back for it in time', async () => {
    const slots = new WorkSlots(1, 500);
    const log: string[] = [];
    await slots.run('primary', () => Promise.resolve());
    const variants = task(log, 'variants');
    const run = slots.run('variants', variants.run);
    await tick();
    expect(log).toEqual([]);
    jest.advanceTimersByTime(499);
    await tick();
    expect(log).toEqual([]);
    jest.advanceTimersByTime(1);
    await tick();
    expect(log).toEqual(['variants']);
    variants.finish();
    await run;
  });

  it('keeps it for the next upload that arrives, then for its primary job', async () => {
    const slots = new WorkSlots(2, 500);
    const log: string[] = [];
    await slots.run('primary', () => Promise.resolve());
    const one = task(log, 'variants 1');
    const two = task(log, 'variants 2');
    const runs = [slots.run('variants', one.run), slots.run('variants', two.run)];
    await tick();
    // One slot held, the other free.
    expect(log).toEqual(['variants 1']);
    const arrived = slots.arrival();
    jest.advanceTimersByTime(10_000);
    await tick();
    expect(log).toEqual(['variants 1']);
    const next = task(log, 'primary');
    const primary = slots.run('primary', next.run, arrived);
    await tick();
    expect(log).toEqual(['variants 1', 'primary']);
    next.finish();
    await primary;
    one.finish();
    jest.advanceTimersByTime(500);
    await tick();
    expect(log).toEqual(['variants 1', 'primary', 'variants 2']);
    two.finish();
    await Promise.all(runs);
  });

  it('lets variants waiting their longest go before the next primary, so uploads never starve them', async () => {
    const slots = new WorkSlots(1, 0, 50);
    const log: string[] = [];
    const first = task(log, 'primary 1');
    const variants = task(log, 'variants');
    const second = task(log, 'primary 2');
    const third = task(log, 'primary 3');
    const runs = [slots.run('primary', first.run), slots.run('variants', variants.run)];
    runs.push(slots.run('primary', second.run));
    await tick();
    // Within the wait: the primary goes first.
    first.finish();
    await tick();
    expect(log).toEqual(['primary 1', 'primary 2']);
    runs.push(slots.run('primary', third.run));
    jest.advanceTimersByTime(60);
    // Past it: the variants take the freed slot though a primary waits.
    second.finish();
    await tick();
    expect(log).toEqual(['primary 1', 'primary 2', 'variants']);
    variants.finish();
    await tick();
    expect(log).toEqual(['primary 1', 'primary 2', 'variants', 'primary 3']);
    third.finish();
    await Promise.all(runs);
  });
});
