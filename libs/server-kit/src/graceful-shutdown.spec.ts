import pino from 'pino';
import { GracefulShutdown } from './graceful-shutdown';
import { InFlight } from './nats-transport';

function setup(close: () => Promise<void>) {
  const lines: Array<{ msg: string; durationMs?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const exits: number[] = [];
  const shutdown = new GracefulShutdown({
    logger,
    timeoutMs: 1000,
    close,
    exit: (code) => exits.push(code),
  });
  return { shutdown, exits, messages: () => lines.map((l) => l.msg), lines };
}

/** A close that ends when the test says so. */
function controlledClose() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { close: jest.fn(() => done), finish, fail };
}

describe('GracefulShutdown', () => {
  afterEach(() => jest.useRealTimers());

  it('closes, logs the start and the end with its duration, and exits 0', async () => {
    const { close, finish } = controlledClose();
    const { shutdown, exits, messages, lines } = setup(close);
    const begun = shutdown.begin('SIGTERM');
    expect(close).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);
    finish();
    await begun;
    expect(exits).toEqual([0]);
    expect(messages()).toEqual([expect.stringMatching(/^shutting down/), 'shut down']);
    expect(lines[1]!.durationMs).toEqual(expect.any(Number));
  });

  it('exits 1 when closing fails', async () => {
    const { close, fail } = controlledClose();
    const { shutdown, exits } = setup(close);
    const begun = shutdown.begin('SIGTERM');
    fail(new Error('database away'));
    await begun;
    expect(exits).toEqual([1]);
  });

  it('exits 1 when closing outlasts the budget, and only once', async () => {
    jest.useFakeTimers();
    const { close, finish } = controlledClose();
    const { shutdown, exits, messages } = setup(close);
    const begun = shutdown.begin('SIGTERM');
    jest.advanceTimersByTime(999);
    expect(exits).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
    expect(messages()).toContain('shutdown did not finish in time: exiting anyway');
    finish();
    await begun;
    expect(exits).toEqual([1]);
  });

  it('exits at once on a second signal, with the code of that signal', async () => {
    const { close } = controlledClose();
    const { shutdown, exits } = setup(close);
    void shutdown.begin('SIGTERM');
    await shutdown.begin('SIGINT');
    expect(exits).toEqual([130]);
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('InFlight', () => {
  it('resolves idle once every piece of work has ended, each end counting once', async () => {
    const inFlight = new InFlight();
    await inFlight.idle();
    const first = inFlight.begin();
    const second = inFlight.begin();
    let idle = false;
    const waiting = inFlight.idle().then(() => (idle = true));
    first();
    first();
    await Promise.resolve();
    expect({ idle, size: inFlight.size }).toEqual({ idle: false, size: 1 });
    second();
    await waiting;
    expect(inFlight.size).toBe(0);
  });
});
