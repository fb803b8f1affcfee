/** The one way docs/security.md marks a requirement whose test is still to be written. */
const PENDING = '(test: pending)';
/** Separates a test file and the describe and test titles in a reference. */
const SEPARATOR = ' › ';

interface Title {
  kind: 'describe' | 'test';
  /** The title as written; `${…}`, `%s` and `$name` (template, each) match any text. */
  pattern: RegExp;
}

/**
 * The describe and test titles of a Jest or Vitest file: `describe(`, `it(`, `test(` with their
 * `.only`/`.skip`/`.each(…)` forms, whose first argument is a string or template literal.
 */
export function testTitles(source: string): Title[] {
  const titles: Title[] = [];
  const call = /\b(describe|it|test)((?:\.[a-zA-Z]+)*)\s*\(/g;
  for (let match = call.exec(source); match; match = call.exec(source)) {
    let at = match.index + match[0].length;
    if (match[2].includes('.each')) {
      at = skipBalanced(source, at - 1);
      const next = /^\s*\(/.exec(source.slice(at));
      if (!next) continue;
      at += next[0].length;
    }
    at += /^\s*/.exec(source.slice(at))![0].length;
    const literal = readLiteral(source, at);
    if (!literal) continue;
    const each = match[2].includes('.each');
    titles.push({
      kind: match[1] === 'describe' ? 'describe' : 'test',
      pattern: new RegExp(
        `^${literal.map((part) => (typeof part === 'string' ? toPattern(part, each) : '.+?')).join('')}$`,
        's',
      ),
    });
  }
  return titles;
}

function toPattern(text: string, each: boolean): string {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // `.each` fills %s, %d, %i, %p, %j, %o, %# and $name from its table.
  return each ? escaped.replace(/%[sdifjop#]|\\\$[A-Za-z_][\w.]*/g, '.+?') : escaped;
}

/** From an opening parenthesis, the index just after its matching one (strings skipped). */
function skipBalanced(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === '"' || char === "'" || char === '`') {
      i = endOfString(source, i);
    } else if (char === '(' || char === '[' || char === '{') {
      depth++;
    } else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return source.length;
}

function endOfString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (quote === '`' && source.startsWith('${', i)) i = skipBalanced(source, i + 1) - 1;
    else if (source[i] === quote) return i;
  }
  return source.length;
}

/** A string or template literal at `start`: its text parts, with null for each `${…}`. */
function readLiteral(source: string, start: number): Array<string | null> | undefined {
  const quote = source[start];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  const parts: Array<string | null> = [];
  let text = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      const next = source[++i];
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else if (quote === '`' && source.startsWith('${', i)) {
      parts.push(text, null);
      text = '';
      i = skipBalanced(source, i + 1) - 1;
    } else if (char === quote) {
      // A title followed by `+` is built from several pieces: too loose to match, so skip it.
      if (/^\s*\+/.test(source.slice(i + 1))) return undefined;
      parts.push(text);
      return parts;
    } else {
      text += char;
    }
  }
  return undefined;
}

export interface DocCheck {
  /** Test references found (each `file › … › test`). */
  references: number;
  /** Requirements marked PENDING. */
  pending: number;
  problems: string[];
}

/**
 * Checks docs/security.md: every `file › describe › test` reference names a test that exists
 * (the last title a test, the others describe blocks), every backticked repository path exists,
 * and every row of a table with a "Proved by" column has a test reference or PENDING, the only
 * placeholder accepted. `readFile` answers a repository path with its text, or undefined.
 */
export function checkSecurityDoc(
  doc: string,
  readFile: (path: string) => string | undefined,
  exists: (path: string) => boolean,
): DocCheck {
  const problems: string[] = [];
  let references = 0;
  let pending = 0;
  const titlesOf = new Map<string, Title[] | undefined>();
  const lines = doc.split('\n');
  let provedBy = -1;

  for (const [index, line] of lines.entries()) {
    const where = `docs/security.md:${index + 1}`;
    const cells = line.trim().startsWith('|') ? splitRow(line) : undefined;
    if (!cells) provedBy = -1;
    else if (cells.includes('Proved by')) provedBy = cells.indexOf('Proved by');
    else if (provedBy >= 0 && !cells.every((cell) => /^:?-+:?$/.test(cell))) {
      const cell = cells[provedBy] ?? '';
      const hasReference = /`[^`]+ › [^`]+`/.test(cell);
      if (!hasReference && !cell.includes(PENDING)) {
        problems.push(
          `${where}: the row has no test reference and no ${PENDING}: ${cell || '(empty)'}`,
        );
      }
    }
    pending += line.split(PENDING).length - 1;
    const loose = line.split(PENDING).join('');
    if (/\(test:|\bTODO\b|\bTBD\b|\bFIXME\b/i.test(loose)) {
      problems.push(`${where}: write a missing test as ${PENDING}, nothing else: ${line.trim()}`);
    }

    for (const [, code] of line.matchAll(/`([^`]+)`/g)) {
      if (code.includes(SEPARATOR.trim()) && code.includes('/')) {
        references++;
        const [file, ...names] = code.split(SEPARATOR).map((part) => part.trim());
        if (names.length === 0) {
          problems.push(
            `${where}: ${code} names no test; write file${SEPARATOR}describe${SEPARATOR}test`,
          );
          continue;
        }
        if (!titlesOf.has(file)) {
          const source = readFile(file);
          titlesOf.set(file, source === undefined ? undefined : testTitles(source));
        }
        const titles = titlesOf.get(file);
        if (!titles) {
          problems.push(`${where}: ${file} does not exist`);
          continue;
        }
        for (const [i, name] of names.entries()) {
          const kind = i === names.length - 1 ? 'test' : 'describe';
          if (!titles.some((t) => t.kind === kind && t.pattern.test(name))) {
            problems.push(`${where}: ${file} has no ${kind} titled "${name}"`);
          }
        }
      } else if (/^(apps|libs|tools|test|deploy|docs)\/[\w./@[\]-]+$/.test(code) && !exists(code)) {
        problems.push(`${where}: ${code} does not exist`);
      }
    }
  }
  return { references, pending, problems };
}

function splitRow(line: string): string[] {
  // A `|` inside backticks is part of the code, not a cell border.
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (const char of line.trim().replace(/^\||\|$/g, '')) {
    if (char === '`') code = !code;
    if (char === '|' && !code) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}
