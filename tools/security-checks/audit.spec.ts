import { judgeAudit, type AllowlistEntry, type AuditReport } from './audit';

// npm audit --omit=dev --json (auditReportVersion 2), trimmed to what judgeAudit reads.
const advisory = (name: string, id: string, severity: string) => ({
  source: 1100000 + id.length,
  name,
  dependency: name,
  title: `${name} is vulnerable`,
  url: `https://github.com/advisories/${id}`,
  severity,
  range: '<2.0.0',
});
const report: AuditReport = {
  auditReportVersion: 2,
  vulnerabilities: {
    'fast-xml': { via: [advisory('fast-xml', 'GHSA-2222-3333-4444', 'critical')] },
    'uses-fast-xml': { via: ['fast-xml'] },
    ws: { via: [advisory('ws', 'GHSA-5555-6666-7777', 'high')] },
    debug: { via: [advisory('debug', 'GHSA-8888-9999-cccc', 'moderate')] },
  },
};
const entry = (over: Partial<AllowlistEntry>): AllowlistEntry => ({
  advisory: 'GHSA-5555-6666-7777',
  package: 'ws',
  reason: 'only the client side is used; no server accepts connections',
  expires: '2026-12-31',
  ...over,
});

describe('judgeAudit', () => {
  it('fails on every high and critical advisory that the allowlist does not name, not on moderate ones', () => {
    const outcome = judgeAudit(report, [], '2026-11-26');
    expect(outcome.kind === 'checked' && outcome.problems).toEqual([
      expect.stringMatching(
        /^critical GHSA-2222-3333-4444 in fast-xml <2\.0\.0: fast-xml is vulnerable/,
      ),
      expect.stringMatching(/^high GHSA-5555-6666-7777 in ws .*tools\/audit-allowlist\.json/),
    ]);
  });

  it('lets an allowed advisory pass until its expiry day, and says so', () => {
    const allowed = [
      entry({}),
      entry({ advisory: 'https://github.com/advisories/GHSA-2222-3333-4444', package: 'fast-xml' }),
    ];
    const outcome = judgeAudit(report, allowed, '2026-12-31');
    expect(outcome).toEqual({
      kind: 'checked',
      problems: [],
      notes: [
        expect.stringMatching(
          /^critical GHSA-2222-3333-4444 in fast-xml .*allowed until 2026-12-31/,
        ),
        expect.stringMatching(
          /^high GHSA-5555-6666-7777 in ws .*allowed until 2026-12-31 \(only the client side/,
        ),
      ],
    });
  });

  it('fails on an allowed advisory once its entry has expired', () => {
    const outcome = judgeAudit(report, [entry({})], '2027-01-01');
    expect(outcome.kind === 'checked' && outcome.problems).toContainEqual(
      expect.stringMatching(/GHSA-5555-6666-7777 in ws .*expired on 2026-12-31/),
    );
  });

  it('does not let an entry for another package allow the advisory', () => {
    const outcome = judgeAudit(report, [entry({ package: 'wss' })], '2026-11-26');
    expect(outcome.kind === 'checked' && outcome.problems).toContainEqual(
      expect.stringMatching(/^high GHSA-5555-6666-7777 in ws/),
    );
  });

  it('refuses an entry without a reason or with an expiry that is not a date', () => {
    const outcome = judgeAudit(
      { vulnerabilities: {} },
      [entry({ reason: ' ' }), entry({ expires: 'next year' })],
      '2026-11-26',
    );
    expect(outcome.kind === 'checked' && outcome.problems).toEqual([
      'allowlist entry 1 lacks reason.',
      'allowlist entry GHSA-5555-6666-7777 has expires "next year", not YYYY-MM-DD.',
    ]);
  });

  it('notes an entry that matches no advisory any more, without failing', () => {
    const outcome = judgeAudit({ vulnerabilities: {} }, [entry({})], '2026-11-26');
    expect(outcome).toEqual({
      kind: 'checked',
      problems: [],
      notes: ['allowlist entry GHSA-5555-6666-7777 (ws) matches no advisory now; remove it.'],
    });
  });

  it('tells an answer without a report (the registry refused or could not be reached) apart', () => {
    expect(
      judgeAudit(
        {
          message:
            '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        },
        [],
        '2026-11-26',
      ),
    ).toEqual({ kind: 'unavailable', why: expect.stringMatching(/^405 Method Not Allowed/) });
    expect(
      judgeAudit(
        { error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' } },
        [],
        '2026-11-26',
      ),
    ).toEqual({ kind: 'unavailable', why: 'request to https://registry.npmjs.org failed' });
  });
});
