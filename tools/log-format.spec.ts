import { formatLogLine, prefixLines } from './log-format';

const at = (iso: string) => {
  const d = new Date(iso);
  return `${d.toTimeString().slice(0, 8)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
};

describe('formatLogLine', () => {
  it('shows a pino line as time, level, message and request id', () => {
    const line = JSON.stringify({
      level: 30,
      time: '2025-06-01T10:20:30.456Z',
      service: 'gateway',
      msg: 'request completed',
      requestId: 'req-1',
      res: { statusCode: 200 },
    });
    expect(formatLogLine(line)).toBe(
      `${at('2025-06-01T10:20:30.456Z')} INFO  request completed (req-1)`,
    );
  });

  it("adds an error's message, and its stack frames for errors", () => {
    const line = JSON.stringify({
      level: 50,
      time: 1748773230456,
      msg: 'migration failed',
      err: {
        message: 'relation "x" exists',
        stack: 'Error: relation "x" exists\n    at run (m.js:1:1)',
      },
    });
    expect(formatLogLine(line)).toBe(
      `${at('2025-06-01T10:20:30.456Z')} ERROR migration failed — relation "x" exists\n    at run (m.js:1:1)`,
    );
  });

  it('passes other lines through unchanged', () => {
    expect(formatLogLine('Listening on 3000')).toBe('Listening on 3000');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"some":"json"}')).toBe('{"some":"json"}');
  });
});

describe('prefixLines', () => {
  it('prefixes every line with the padded app name', () => {
    expect(prefixLines('gateway', 'one\ntwo', 12)).toBe('[gateway]      one\n[gateway]      two');
  });
});
