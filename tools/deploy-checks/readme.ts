import type { Schema } from '@kartlink/config';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEPLOY_APPS, type AppSchemas, type Checker } from './checker';

/** The README's configuration reference, generated from the apps' config schemas. */
export function configTable(schemas: AppSchemas): string {
  const rows = new Map<
    string,
    { apps: string[]; defaults: Set<string>; secret: boolean; description: string }
  >();
  for (const app of DEPLOY_APPS) {
    for (const [name, spec] of Object.entries(schemas[app])) {
      const row = rows.get(name) ?? {
        apps: [],
        defaults: new Set(),
        secret: false,
        description: spec.description,
      };
      row.apps.push(app);
      row.defaults.add(formatDefault(spec.default));
      row.secret ||= Boolean(spec.secret);
      rows.set(name, row);
    }
  }
  const services = DEPLOY_APPS.filter((app) => app !== 'gateway');
  const appsOf = (apps: string[]) =>
    apps.length === DEPLOY_APPS.length
      ? 'all'
      : apps.length === services.length && services.every((s) => apps.includes(s))
        ? 'all services'
        : apps.join(', ');
  const sorted = [...rows.entries()].sort(([, a], [, b]) => b.apps.length - a.apps.length);
  const header = ['Variable', 'Read by', 'Default', 'Secret', 'What it does'];
  const body = sorted.map(([name, row]) => [
    `\`${name}\``,
    appsOf(row.apps),
    [...row.defaults].join(' / '),
    row.secret ? 'yes' : '',
    row.description,
  ]);
  return markdownTable(header, body);
}

/** An app README's configuration table: the variables its config schema declares, in order. */
export function appConfigTable(schema: Schema): string {
  const header = ['Variable', 'Default', 'Secret', 'What it does'];
  const body = Object.entries(schema).map(([name, spec]) => [
    `\`${name}\``,
    formatDefault(spec.default),
    spec.secret ? 'yes' : '',
    spec.description,
  ]);
  return markdownTable(header, body);
}

function markdownTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

function formatDefault(value: unknown): string {
  if (value === undefined) return '**required**';
  if (value === '') return '(empty)';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}

/** Table rows as trimmed cells, so that column padding does not matter. */
function tableRows(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|') && !/^\|[\s|:-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .split('|')
        .map((cell) => cell.trim())
        .join('|'),
    );
}

/** The root README's configuration reference matches the apps' config schemas. */
export function checkReadmeTable(checker: Checker, rootDir: string, schemas: AppSchemas): string {
  const readme = readFileSync(join(rootDir, 'README.md'), 'utf8');
  const wanted = tableRows(configTable(schemas));
  const present = new Set(tableRows(readme));
  const missing = wanted.filter((row) => !present.has(row));
  const names = missing.map((row) => row.split('|')[1]).filter((name) => name !== 'Variable');
  const fix =
    'paste the output of `npx tsx tools/deploy-check.ts --config-table` into its Deploy section';
  checker.check(
    'README',
    'the configuration table matches the config schemas',
    missing.length === 0
      ? []
      : missing.length === wanted.length
        ? [`README.md has no configuration table: ${fix}`]
        : [`README.md lacks or has an outdated row for ${names.join(', ')}: ${fix}`],
  );
  return `README: configuration table of ${wanted.length - 1} variables`;
}

/** Each app's README has the table of its own config schema. */
export function checkAppReadmeTables(
  checker: Checker,
  rootDir: string,
  schemas: AppSchemas,
): string {
  for (const app of DEPLOY_APPS) {
    const file = join('apps', app, 'README.md');
    const readme = existsSync(join(rootDir, file)) ? readFileSync(join(rootDir, file), 'utf8') : '';
    const wanted = tableRows(appConfigTable(schemas[app]));
    const present = new Set(tableRows(readme));
    const missing = wanted.filter((row) => !present.has(row));
    const names = missing.map((row) => row.split('|')[1]).filter((name) => name !== 'Variable');
    const fix = `paste the output of \`npx tsx tools/deploy-check.ts --config-table ${app}\` into it`;
    checker.check(
      'README',
      `${file}: the configuration table matches ${app}'s config schema`,
      missing.length === 0
        ? []
        : missing.length === wanted.length
          ? [`${file} has no configuration table: ${fix}`]
          : [`${file} lacks or has an outdated row for ${names.join(', ')}: ${fix}`],
    );
  }
  const counts = DEPLOY_APPS.map((app) => `${app} ${Object.keys(schemas[app]).length}`);
  return `READMEs of the apps: configuration tables of ${counts.join(', ')} variables`;
}
