import { addTallies, finalLines, summaryTable, tallyReport } from './test-report';

describe('tallyReport', () => {
  it('counts passed, failed, skipped and todo tests', () => {
    expect(
      tallyReport({ numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 }, 1),
    ).toEqual({ passed: 7, failed: 2, skipped: 2 });
  });

  it('counts a test file that failed without a failing test (did not compile) as a failure', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [] },
      ],
    };
    expect(tallyReport(report, 1)).toEqual({ passed: 3, failed: 1, skipped: 0 });
  });

  it('does not count a file twice when its tests failed', () => {
    const report = {
      numFailedTests: 1,
      testResults: [{ status: 'failed', assertionResults: [{ status: 'failed' }] }],
    };
    expect(tallyReport(report, 1).failed).toBe(1);
  });

  it('counts a failed run without a report, or with an unexplained non-zero exit, as one failure', () => {
    expect(tallyReport(undefined, 1)).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(tallyReport({ numPassedTests: 4 }, 1)).toEqual({ passed: 4, failed: 1, skipped: 0 });
    expect(tallyReport({ numPassedTests: 4 }, 0)).toEqual({ passed: 4, failed: 0, skipped: 0 });
  });
});

describe('finalLines', () => {
  it('ends with how many passed and failed, after how many were skipped when some were', () => {
    expect(finalLines({ passed: 12, failed: 0, skipped: 0 })).toEqual(['12 passed, 0 failed']);
    expect(finalLines({ passed: 12, failed: 3, skipped: 2 })).toEqual([
      '2 skipped',
      '12 passed, 3 failed',
    ]);
  });
});

describe('addTallies', () => {
  it('sums the checks', () => {
    expect(
      addTallies([
        { passed: 1, failed: 0, skipped: 0 },
        { passed: 40, failed: 2, skipped: 1 },
      ]),
    ).toEqual({ passed: 41, failed: 2, skipped: 1 });
  });
});

describe('summaryTable', () => {
  it('lines up one row per check under a header', () => {
    const table = summaryTable([
      {
        stage: 'lint',
        check: 'eslint',
        tally: { passed: 1, failed: 0, skipped: 0 },
        seconds: 12.34,
      },
      {
        stage: 'unit',
        check: 'jest unit',
        tally: { passed: 120, failed: 2, skipped: 3 },
        seconds: 8,
      },
    ]);
    expect(table.split('\n')).toEqual([
      'Stage  Check      Passed  Failed  Skipped    Time',
      'lint   eslint          1       0        0  12.3 s',
      'unit   jest unit     120       2        3   8.0 s',
    ]);
  });
});
