import { KeptReports } from './kept-reports';

const envelope = (json: string) => Buffer.from(`{"success":true,"data":${json}}`);
const AT = 'u1|2024-03-01|2024-03-31';

describe('the owner’s reports kept as bytes', () => {
  it('keeps the answer sent and sends it again while analytics-service names it unchanged', () => {
    const reports = new KeptReports();
    expect(reports.kept(AT)).toBeUndefined();
    const first = reports.body(AT, undefined, 's1|7|products\n[{"clicks":3}]', envelope);
    expect(first.toString()).toBe('{"success":true,"data":[{"clicks":3}]}');
    const kept = reports.kept(AT);
    expect(kept?.name).toBe('s1|7|products');
    expect(reports.body(AT, kept, 's1|7|products\n', envelope)).toBe(first);
    // Another reader or range keeps its own.
    expect(reports.kept('u2|2024-03-01|2024-03-31')).toBeUndefined();
  });

  it('takes the new answer once a fold changed the figures', () => {
    const reports = new KeptReports();
    reports.body(AT, undefined, 's1|7|products\n[{"clicks":3}]', envelope);
    const changed = reports.body(AT, reports.kept(AT), 's1|8|products\n[{"clicks":4}]', envelope);
    expect(changed.toString()).toBe('{"success":true,"data":[{"clicks":4}]}');
    expect(reports.kept(AT)?.name).toBe('s1|8|products');
  });

  it('never sends an answer it does not hold', () => {
    expect(() => new KeptReports().body(AT, undefined, 's1|7|products\n', envelope)).toThrow();
  });
});
