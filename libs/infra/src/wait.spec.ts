import { waitFor } from './wait';

describe('waitFor', () => {
  it('returns the first truthy value, retrying through falsy results and errors', async () => {
    let calls = 0;
    const value = await waitFor(
      () => {
        calls += 1;
        if (calls === 1) throw new Error('not yet');
        return calls === 3 ? { answer: 42 } : undefined;
      },
      { intervalMs: 1 },
    );
    expect(value).toEqual({ answer: 42 });
    expect(calls).toBe(3);
  });

  it('times out naming what it waited for and the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { timeoutMs: 20, intervalMs: 5, description: 'the gateway' },
      ),
    ).rejects.toThrow(
      'Timed out after 20 ms waiting for the gateway (last error: connection refused)',
    );
  });

  it('gives up at once with the reason when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gateway exited'));
    await expect(waitFor(() => false, { signal: controller.signal })).rejects.toThrow(
      'gateway exited',
    );
  });
});
