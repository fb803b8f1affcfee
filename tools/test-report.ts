/** What one check of the test command counts. */
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/** The part of Jest's `--json` report (which Vitest's JSON reporter mirrors) that we count. */
interface TestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: Array<{ status?: string; assertionResults?: Array<{ status?: string }> }>;
}

/**
 * Counts a Jest or Vitest JSON report. A test file that failed without a failing test (it did
 * not compile, a hook threw) counts as one failure, and so does a non-zero exit that the report
 * does not explain (a global setup that threw, for instance).
 */
export function tallyReport(report: TestReport | undefined, exitCode: number): Tally {
  if (!report) return { passed: 0, failed: 1, skipped: 0 };
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  const tally = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  if (exitCode !== 0 && tally.failed === 0) tally.failed = 1;
  return tally;
}

export function addTallies(tallies: readonly Tally[]): Tally {
  return tallies.reduce(
    (sum, t) => ({
      passed: sum.passed + t.passed,
      failed: sum.failed + t.failed,
      skipped: sum.skipped + t.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

/**
 * The last lines of the test command: how many were skipped, when any were (the table above
 * says which), then always `N passed, N failed`, the line CI reads.
 */
export function finalLines({ passed, failed, skipped }: Tally): string[] {
  return [...(skipped > 0 ? [`${skipped} skipped`] : []), `${passed} passed, ${failed} failed`];
}

export interface Row {
  stage: string;
  check: string;
  tally: Tally;
  seconds: number;
}

/** A plain-text table, one row per check. */
export function summaryTable(rows: readonly Row[]): string {
  const header = ['Stage', 'Check', 'Passed', 'Failed', 'Skipped', 'Time'];
  const body = rows.map((r) => [
    r.stage,
    r.check,
    String(r.tally.passed),
    String(r.tally.failed),
    String(r.tally.skipped),
    `${r.seconds.toFixed(1)} s`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}
