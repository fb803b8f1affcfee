import { writeCsv } from '@kartlink/contracts';
import { AUDIT_CSV_COLUMNS, auditCsvRow, likeOf, toAuditEntry } from './admin-reads';

describe('audit log rows', () => {
  const row = {
    id: 'e1',
    type: 'admin.user-disabled',
    actor_id: 'a1',
    actor_email: 'admin@example.com',
    subject_id: 's1',
    subject_email: '=cmd@example.com',
    details: { reason: 'spam' },
    created_at: new Date('2026-11-29T00:00:00.000Z'),
    cursor_at: '2026-11-29 00:00:00+00',
  };

  it('answers who did what to whom, without the cursor', () => {
    expect(toAuditEntry(row)).toEqual({
      id: 'e1',
      type: 'admin.user-disabled',
      actor: { id: 'a1', email: 'admin@example.com' },
      subject: { id: 's1', email: '=cmd@example.com' },
      details: { reason: 'spam' },
      createdAt: '2026-11-29T00:00:00.000Z',
    });
    expect(toAuditEntry({ ...row, actor_id: null, subject_id: null })).toMatchObject({
      actor: null,
      subject: null,
    });
  });

  it('writes CSV with a header row and formula cells guarded', () => {
    const csv = writeCsv([[...AUDIT_CSV_COLUMNS], auditCsvRow(toAuditEntry(row))]);
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('time,type,actor_id,actor_email,subject_id,subject_email,details');
    expect(line).toContain(",'=cmd@example.com,");
    expect(line).toContain('"{""reason"":""spam""}"');
  });

  it('escapes the wildcards of a search', () => {
    expect(likeOf('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
