import { aptInstall, canInstallWithApt, runCommand, type CommandResult } from '@kartlink/infra';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SECURITY_CHECKS } from './security-checks';
import { buildAll } from './stack';
import {
  addTallies,
  finalLines,
  summaryTable,
  tallyReport,
  type Row,
  type Tally,
} from './test-report';

/**
 * `npm test`: every gate — lint, type-check, security (the supply chain and docs/security.md),
 * unit tests, web tests, the deployment files, integration tests, build, e2e tests, browser
 * tests — going on after failures, then a table and, last, the line `N passed, N failed`.
 * The checks run in three phases (static checks, tests without the built product, tests
 * against it), two lanes side by side in each (see Check.lane). `npm test -- unit e2e` runs
 * only the named stages.
 */

const rootDir = resolve(__dirname, '..');
const resultsDir = join(rootDir, 'test-results');
const bin = (name: string) => join(rootDir, 'node_modules', '.bin', name);
const MINUTE = 60_000;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  ...(process.env.CI ? { FORCE_COLOR: '0' } : {}),
};

interface CheckResult {
  tally: Tally;
  /** Shown in full when the check failed. */
  output: string;
  /** Shown when the check passed: what it checked. */
  summary?: string;
}

interface Check {
  stage: string;
  name: string;
  /**
   * `phase:lane`. Phases run one after another, in the order they first appear; the lanes of a
   * phase run side by side (the machine has two cores, and each lane's checks wait on different
   * things), each lane's checks one after another.
   */
  lane: string;
  run: () => Promise<CheckResult>;
}

const passedOrFailed = (ok: boolean): Tally => ({
  passed: ok ? 1 : 0,
  failed: ok ? 0 : 1,
  skipped: 0,
});
const failedWith = (output: string): CheckResult => ({ tally: passedOrFailed(false), output });

async function command(
  program: string,
  args: string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<CheckResult> {
  const result = await runCommand(program, args, {
    cwd: options.cwd ?? rootDir,
    env,
    timeoutMs: options.timeoutMs ?? 10 * MINUTE,
  });
  return { tally: passedOrFailed(result.code === 0), output: result.output };
}

function readReport(file: string) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof tallyReport>[0];
  } catch {
    return undefined;
  }
}

async function tested(
  run: (reportFile: string) => Promise<CommandResult>,
  reportName: string,
): Promise<CheckResult> {
  const reportFile = join(resultsDir, `${reportName}.json`);
  rmSync(reportFile, { force: true });
  const result = await run(reportFile);
  return { tally: tallyReport(readReport(reportFile), result.code), output: result.output };
}

/**
 * The e2e files that start servers of their own and run longest: they run beside the browser
 * tests, once those are done, so that the two lanes of the last phase end together.
 */
const E2E_BESIDE_BROWSER = String.raw`/test/e2e/(nats-cluster-fault|media-fault)\.e2e-spec\.ts$`;

function jest(
  project: string,
  extraEnv: NodeJS.ProcessEnv = {},
  files?: { report: string; args: string[] },
): Promise<CheckResult> {
  // One worker for suites that share a database and a running stack (and the machine's 2 cores).
  const serial = project === 'unit' ? [] : ['--runInBand', '--forceExit'];
  return tested(
    (reportFile) =>
      runCommand(
        bin('jest'),
        [
          ...['--selectProjects', project, '--passWithNoTests', ...serial, ...(files?.args ?? [])],
          ...['--json', `--outputFile=${reportFile}`, ...(process.env.CI ? ['--ci'] : [])],
        ],
        // e2e beside the browser lane took 15 min on a slow day of this 2-core machine: the
        // timeout catches a hang, and the whole run still ends within CI's 30 min.
        { cwd: rootDir, env: { ...env, ...extraEnv }, timeoutMs: 20 * MINUTE },
      ),
    files?.report ?? `jest-${project}`,
  );
}

function vitest(): Promise<CheckResult> {
  return tested(
    (reportFile) =>
      runCommand(
        bin('vitest'),
        [
          ...['run', '--passWithNoTests', '--reporter=default', '--reporter=json'],
          `--outputFile.json=${reportFile}`,
        ],
        { cwd: join(rootDir, 'apps', 'web'), env, timeoutMs: 10 * MINUTE },
      ),
    'vitest-web',
  );
}

/** Debian's chromium, installed when missing and we may (root); its path, or why there is none. */
async function chromium(): Promise<{ path: string } | { problem: string }> {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return { path };
  if (!canInstallWithApt()) {
    return {
      problem:
        `Chromium is not at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the browser tests again.',
    };
  }
  console.log('  installing chromium with apt-get…');
  const install = await aptInstall(['chromium']);
  if (install.code !== 0 || !existsSync(path)) {
    return { problem: `apt-get install chromium failed:\n${install.output}` };
  }
  return { path };
}

/** Set once the build stage has run in this invocation, so the stack setup does not rebuild. */
let build: 'not-run' | 'passed' | 'failed' = 'not-run';

function afterBuild(run: () => Promise<CheckResult>): () => Promise<CheckResult> {
  return async () => {
    if (build === 'failed') return failedWith('Not run: the build failed.');
    return run();
  };
}

const CHECKS: Check[] = [
  {
    stage: 'lint',
    name: 'eslint',
    lane: 'static:a',
    run: async () => {
      // @nx/enforce-module-boundaries reads Nx's cached project graph, and skips without one.
      const graph = await runCommand(bin('nx'), ['show', 'projects'], { cwd: rootDir, env });
      if (graph.code !== 0) return failedWith(graph.output);
      return command(bin('eslint'), ['.', '--max-warnings=0']);
    },
  },
  {
    stage: 'lint',
    name: 'prettier',
    lane: 'static:b',
    run: () => command(bin('prettier'), ['--check', '.']),
  },
  {
    // knip.json names each workspace's entry points; anything they do not reach fails.
    stage: 'lint',
    name: 'knip (unused files, exports and dependencies)',
    lane: 'static:a',
    run: () => command(bin('knip'), ['--no-progress']),
  },
  {
    stage: 'types',
    name: 'tsc (server, tools, tests)',
    lane: 'static:b',
    run: () => command(bin('tsc'), ['-p', 'tsconfig.json']),
  },
  {
    stage: 'types',
    name: 'tsc (web)',
    lane: 'static:a',
    run: async () =>
      existsSync(join(rootDir, 'apps', 'web', 'tsconfig.json'))
        ? command(bin('tsc'), ['-p', 'apps/web/tsconfig.json'])
        : failedWith('apps/web/tsconfig.json is missing.'),
  },
  ...SECURITY_CHECKS.map((check) => ({ stage: 'security', lane: 'static:b', ...check })),
  { stage: 'unit', name: 'jest unit', lane: 'tests:b', run: () => jest('unit') },
  { stage: 'web', name: 'vitest (apps/web)', lane: 'tests:a', run: vitest },
  {
    stage: 'deploy',
    name: 'deploy/ (kubectl kustomize, Kubernetes schemas, env coverage)',
    lane: 'tests:b',
    run: async () => {
      const { checkDeploy } = await import('./deploy-check');
      const { assertions, output } = await checkDeploy(rootDir);
      const failed = assertions.filter((a) => a.problems.length > 0).length;
      return {
        tally: { passed: assertions.length - failed, failed, skipped: 0 },
        output,
        summary: output,
      };
    },
  },
  {
    stage: 'integration',
    name: 'jest integration',
    lane: 'tests:b',
    run: () => jest('integration'),
  },
  {
    stage: 'build',
    name: 'nx run-many -t build',
    lane: 'tests:b',
    run: async () => {
      const result = await buildAll(rootDir);
      build = result.code === 0 ? 'passed' : 'failed';
      return { tally: passedOrFailed(result.code === 0), output: result.output };
    },
  },
  {
    stage: 'e2e',
    name: 'jest e2e',
    lane: 'stacks:a',
    run: afterBuild(() =>
      jest('e2e', build === 'passed' ? { KARTLINK_BUILT: '1' } : {}, {
        report: 'jest-e2e',
        args: ['--testPathIgnorePatterns', '/node_modules/', E2E_BESIDE_BROWSER],
      }),
    ),
  },
  {
    stage: 'browser',
    name: 'jest browser (Chromium)',
    lane: 'stacks:b',
    run: afterBuild(async () => {
      const browser = await chromium();
      if ('problem' in browser) return failedWith(browser.problem);
      return jest('browser', {
        CHROMIUM_PATH: browser.path,
        ...(build === 'passed' ? { KARTLINK_BUILT: '1' } : {}),
      });
    }),
  },
  {
    stage: 'e2e',
    name: 'jest e2e (cluster and media faults)',
    lane: 'stacks:b',
    run: afterBuild(() =>
      jest(
        'e2e',
        {
          KARTLINK_STACK_NAME: 'e2e-faults',
          ...(build === 'passed' ? { KARTLINK_BUILT: '1' } : {}),
        },
        {
          report: 'jest-e2e-faults',
          args: ['--testPathPatterns', E2E_BESIDE_BROWSER],
        },
      ),
    ),
  },
];

function describeTally({ passed, failed, skipped }: Tally): string {
  return [`${passed} passed`, failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : '']
    .filter(Boolean)
    .join(', ');
}

/** Runs one check; prints its start, then its outcome in one piece (lanes print side by side). */
async function runCheck(check: Check): Promise<Row> {
  const label = `${check.stage}: ${check.name}`;
  console.log(`▶ ${label}`);
  const started = performance.now();
  const result = await check
    .run()
    .catch((err: unknown): CheckResult =>
      failedWith(err instanceof Error ? (err.stack ?? err.message) : String(err)),
    );
  const seconds = (performance.now() - started) / 1000;
  if (result.tally.failed > 0) {
    console.log(
      `${result.output.trimEnd()}\n✘ ${label}: ${describeTally(result.tally)} (${seconds.toFixed(1)} s)\n`,
    );
  } else {
    const mark = result.tally.passed === 0 && result.tally.skipped > 0 ? '⚠' : '✔';
    console.log(
      `${result.summary ? `${result.summary.trimEnd()}\n` : ''}${mark} ${label}: ` +
        `${describeTally(result.tally)} (${seconds.toFixed(1)} s)`,
    );
  }
  return { stage: check.stage, check: check.name, tally: result.tally, seconds };
}

async function main(): Promise<number> {
  const stages = new Set(CHECKS.map((c) => c.stage));
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((stage) => !stages.has(stage));
  if (unknown.length > 0) {
    console.error(`Unknown stage ${unknown.join(', ')}; stages: ${[...stages].join(', ')}`);
    return 2;
  }
  mkdirSync(resultsDir, { recursive: true });

  const chosen = CHECKS.filter((c) => wanted.length === 0 || wanted.includes(c.stage));
  const rowOf = new Map<Check, Row>();
  for (const phase of new Set(chosen.map((c) => c.lane.split(':')[0]))) {
    const lanes = new Map<string, Check[]>();
    for (const check of chosen.filter((c) => c.lane.split(':')[0] === phase))
      lanes.set(check.lane, [...(lanes.get(check.lane) ?? []), check]);
    await Promise.all(
      [...lanes.values()].map(async (checks) => {
        for (const check of checks) rowOf.set(check, await runCheck(check));
      }),
    );
  }
  // The table keeps the checks' order, whichever lane finished first.
  const rows = chosen.map((check) => rowOf.get(check)!);

  const total = addTallies(rows.map((r) => r.tally));
  console.log(`\n${summaryTable(rows)}\n`);
  for (const line of finalLines(total)) console.log(line);
  return total.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
