import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEPLOY_APPS } from '../deploy-checks/checker';
import type { Tally } from '../test-report';
import { judgeAudit, type AllowlistEntry, type AuditReport } from './audit';
import { checkLockfile, type Lockfile } from './lockfile';
import { checkSbom } from './sbom';
import { checkSecurityDoc } from './security-doc';

/** `npm test -- security`: the supply chain (audit, lockfile, SBOMs) and docs/security.md. */

const rootDir = resolve(__dirname, '..', '..');
const ALLOWLIST = 'tools/audit-allowlist.json';

interface Result {
  tally: Tally;
  output: string;
  summary?: string;
}

const result = (problems: string[], summary: string): Result => ({
  tally: { passed: problems.length === 0 ? 1 : 0, failed: problems.length > 0 ? 1 : 0, skipped: 0 },
  output: problems.length > 0 ? problems.map((p) => `  ✘ ${p}`).join('\n') : summary,
  summary,
});

function run(
  program: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      program,
      args,
      { cwd: rootDir, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

const readJson = <T>(path: string) => JSON.parse(readFileSync(join(rootDir, path), 'utf8')) as T;

async function audit(): Promise<Result> {
  const { advisories } = readJson<{ advisories: AllowlistEntry[] }>(ALLOWLIST);
  // npm audit exits non-zero when it finds anything at all; the JSON says what.
  const answer = await run('npm', ['audit', '--omit=dev', '--json']);
  let report: AuditReport;
  try {
    report = JSON.parse(answer.stdout) as AuditReport;
  } catch {
    return result([`npm audit did not answer JSON:\n${answer.stdout}${answer.stderr}`], '');
  }
  const today = new Date().toISOString().slice(0, 10);
  const outcome = judgeAudit(report, advisories, today);
  if (outcome.kind === 'unavailable') {
    // Skipped, not failed: the registry's audit service is out of our hands (some mirrors and
    // proxies refuse it), and the lockfile and SBOM checks still ran. The table shows the skip.
    const warning =
      `  ⚠ npm audit could not ask the registry (${outcome.why}); the production dependencies ` +
      'were NOT checked for advisories. Run `npm audit --omit=dev` where https://registry.npmjs.org answers.';
    return { tally: { passed: 0, failed: 0, skipped: 1 }, output: warning, summary: warning };
  }
  const counted = Object.keys(report.vulnerabilities ?? {}).length;
  return result(
    outcome.problems,
    [
      `  npm audit: no high or critical advisory outside ${ALLOWLIST} (${counted} packages with lower ones)`,
      ...outcome.notes.map((note) => `  • ${note}`),
    ].join('\n'),
  );
}

async function lockfile(): Promise<Result> {
  const lock = readJson<Lockfile>('package-lock.json');
  const problems = checkLockfile(lock);
  const count = Object.keys(lock.packages ?? {}).filter((p) => p.includes('node_modules/')).length;
  return result(
    problems,
    `  package-lock.json: ${count} packages from the npm registry, each with a sha512 hash`,
  );
}

/** What each image's SBOM must and must not list, beyond the app's own dependencies. */
const BUILD_ONLY = ['jest', 'typescript', 'eslint', 'vite', 'nx', '@swc/core'];

async function sboms(): Promise<Result> {
  const problems: string[] = [];
  const counts: string[] = [];
  for (const app of DEPLOY_APPS) {
    const answer = await run('node', ['tools/sbom.mjs', app]);
    if (answer.code !== 0) {
      problems.push(`node tools/sbom.mjs ${app} failed:\n${answer.stderr}`);
      continue;
    }
    const manifests = app === 'gateway' ? ['apps/gateway', 'apps/web'] : [`apps/${app}`];
    const includes = manifests.flatMap((dir) =>
      Object.keys(readJson<{ dependencies?: object }>(`${dir}/package.json`).dependencies ?? {}),
    );
    const excludes = app === 'media-service' ? BUILD_ONLY : [...BUILD_ONLY, 'sharp'];
    problems.push(...checkSbom(answer.stdout, app, { includes, excludes }));
    counts.push(
      `${app} ${(JSON.parse(answer.stdout) as { components: unknown[] }).components.length}`,
    );
  }
  return result(problems, `  CycloneDX SBOMs (components): ${counts.join(', ')}`);
}

async function securityDoc(): Promise<Result> {
  const path = 'docs/security.md';
  if (!existsSync(join(rootDir, path))) return result([`${path} is missing`], '');
  const check = checkSecurityDoc(
    readFileSync(join(rootDir, path), 'utf8'),
    (file) =>
      existsSync(join(rootDir, file)) ? readFileSync(join(rootDir, file), 'utf8') : undefined,
    (file) => existsSync(join(rootDir, file)),
  );
  return result(
    check.problems,
    `  ${path}: ${check.references} test references, all found; ${check.pending} requirements marked (test: pending)`,
  );
}

export const SECURITY_CHECKS: Array<{ name: string; run: () => Promise<Result> }> = [
  { name: `npm audit (production dependencies; ${ALLOWLIST})`, run: audit },
  { name: 'package-lock.json (npm registry, sha512 integrity)', run: lockfile },
  { name: 'SBOMs (CycloneDX, one per image: tools/sbom.mjs)', run: sboms },
  { name: 'docs/security.md (its code and tests exist)', run: securityDoc },
];
