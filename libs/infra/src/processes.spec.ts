import { readFileSync, rmSync } from 'node:fs';
import { descendantsOf, isRunning, runCommand } from './processes';

describe('runCommand', () => {
  it('reports the exit code and output of a command that ends', async () => {
    expect(await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'])).toEqual({
      code: 3,
      output: expect.stringMatching(/out\n[^]*err\n|err\n[^]*out\n/),
    });
  });

  it('stops a command that times out together with every process it started', async () => {
    // A test runner that started a server and hangs: the server must not outlive it.
    const pidFile = `/tmp/kartlink-processes-spec-${process.pid}`;
    const result = runCommand(
      'sh',
      ['-c', `sh -c 'trap "" TERM; sleep 60' & echo $! > ${pidFile}; sleep 60 & wait`],
      { timeoutMs: 1000 },
    );
    await new Promise((done) => setTimeout(done, 500));
    const server = Number(readFileSync(pidFile, 'utf8'));
    rmSync(pidFile);
    expect(isRunning(server)).toBe(true);
    expect(descendantsOf(process.pid)).toContain(server);

    const { code, output } = await result;
    expect(code).toBe(124);
    expect(output).toContain('timed out after 1 s');
    // It ignored SIGTERM, so it was killed after the grace.
    expect(isRunning(server)).toBe(false);
  }, 20_000);
});
