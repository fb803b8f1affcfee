import { styleText } from 'node:util';

/** The fields of a pino JSON line that the console shows. */
interface LogEntry {
  time?: string | number;
  level?: number | string;
  msg?: string;
  requestId?: string;
  err?: { message?: string; stack?: string };
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

function parseEntry(line: string): LogEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && ('msg' in parsed || 'level' in parsed)) {
      return parsed as LogEntry;
    }
  } catch {
    // Not JSON after all: shown as it is.
  }
  return undefined;
}

function clock(time: LogEntry['time']): string {
  const date = time === undefined ? undefined : new Date(time);
  if (!date || Number.isNaN(date.getTime())) return '';
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${date.toTimeString().slice(0, 8)}.${ms}`;
}

/**
 * A pino JSON line as one compact line, `time LEVEL msg (requestId)`, plus the error's message,
 * and its stack for errors. Lines that are not pino JSON pass through unchanged.
 */
export function formatLogLine(line: string, { color = false } = {}): string {
  const entry = parseEntry(line);
  if (!entry) return line;
  const levelNumber = typeof entry.level === 'number' ? entry.level : 30;
  const level = (
    typeof entry.level === 'string' ? entry.level : (LEVEL_NAMES[levelNumber] ?? 'INFO')
  ).toUpperCase();
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    color ? styleText(style, text) : text;
  const levelText =
    levelNumber >= 50
      ? paint('red', level.padEnd(5))
      : levelNumber >= 40
        ? paint('yellow', level.padEnd(5))
        : level.padEnd(5);

  let text = [paint('dim', clock(entry.time)), levelText, entry.msg ?? '']
    .filter(Boolean)
    .join(' ');
  if (entry.requestId) text += paint('dim', ` (${entry.requestId})`);
  const err = entry.err;
  if (err?.message && err.message !== entry.msg) text += ` — ${err.message}`;
  if (levelNumber >= 50 && err?.stack) {
    const frames = err.stack.split('\n').filter((l) => l.trimStart().startsWith('at '));
    if (frames.length > 0) text += `\n${frames.map((f) => `    ${f.trim()}`).join('\n')}`;
  }
  return text;
}

/** Prefixes every line of `text` with `[name] `, names padded to line up. */
export function prefixLines(name: string, text: string, width = 0): string {
  const prefix = `[${name}]`.padEnd(width + 2);
  return text
    .split('\n')
    .map((line) => `${prefix} ${line}`)
    .join('\n');
}
