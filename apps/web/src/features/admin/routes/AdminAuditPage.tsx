import type { AuditEntry } from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { type AuditFilters, useAdminAuditQuery, useExportAuditCsvMutation } from '../api/admin-api';
import { CursorPage } from '../components/CursorPage';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { failureMessage, formatDateTime } from '../utils/format';

const FILTERS = ['type', 'actor', 'subject', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const filtersOf = (params: URLSearchParams): AuditFilters =>
  Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );

/** /admin/audit: who did what to whom, filtered (in the URL), page by page, and as CSV. */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = JSON.stringify(filters);
  const { cursors, loadMore } = useCursorPages(key);
  const [exportCsv, exporting] = useExportAuditCsvMutation();

  const download = async () => {
    try {
      const { csv, filename } = await exportCsv(filters).unwrap();
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
    } catch (error) {
      // A 500 has its own toast already (SPEC section 8).
      if (httpStatusOf(error) !== 500) toast.error(failureMessage(error));
    }
  };

  return (
    <section className="admin-section" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title" className="admin-section__title">
        Audit log
      </h2>
      <AuditFilterForm
        key={key}
        filters={filters}
        onApply={(next) =>
          setParams(new URLSearchParams(next as Record<string, string>), { replace: false })
        }
      />
      <div className="admin-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={exporting.isLoading}
          onClick={() => void download()}
        >
          {exporting.isLoading ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <ul className="admin-list" aria-label="Audit entries">
        {cursors.map((cursor, index) => (
          <AuditPage
            key={cursor ?? ''}
            filters={filters}
            cursor={cursor}
            first={index === 0}
            last={index === cursors.length - 1}
            onMore={loadMore}
          />
        ))}
      </ul>
    </section>
  );
}

const LABELS: Record<Filter, string> = {
  type: 'Type',
  actor: 'Actor (e-mail or id)',
  subject: 'Subject (e-mail or id)',
  from: 'From',
  to: 'To',
};

function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [values, setValues] = useState<Record<Filter, string>>(
    () =>
      Object.fromEntries(FILTERS.map((name) => [name, filters[name] ?? ''])) as Record<
        Filter,
        string
      >,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(
      Object.fromEntries(
        FILTERS.flatMap((name) => (values[name].trim() ? [[name, values[name].trim()]] : [])),
      ),
    );
  };
  return (
    <form className="admin-filters" aria-label="Filter the audit log" onSubmit={submit}>
      {FILTERS.map((name) => (
        <TextField
          key={name}
          label={LABELS[name]}
          type={name === 'from' || name === 'to' ? 'date' : 'text'}
          placeholder={name === 'type' ? 'user.disabled' : undefined}
          value={values[name]}
          onValueChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary">
          Apply filters
        </button>
        <button type="button" className="button button--ghost" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

interface AuditPageProps {
  filters: AuditFilters;
  cursor: string | null;
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
}

function AuditPage({ filters, cursor, ...page }: AuditPageProps) {
  const result = useAdminAuditQuery({ ...filters, cursor });
  return (
    <CursorPage<AuditEntry>
      result={result}
      {...page}
      noun="entries"
      empty={Object.keys(filters).length ? 'No entry matches these filters.' : 'No entries yet.'}
    >
      {(entry) => <AuditCard key={entry.id} entry={entry} />}
    </CursorPage>
  );
}

const who = (party: AuditEntry['actor']) => (party ? (party.email ?? party.id) : '—');

function AuditCard({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(entry.details ?? {});
  return (
    <li className="admin-card">
      <div className="admin-card__head">
        <h3 className="admin-card__title">
          <code>{entry.type}</code>
        </h3>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </div>
      <dl className="admin-card__facts">
        <div>
          <dt>Actor</dt>
          <dd>{who(entry.actor)}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>{who(entry.subject)}</dd>
        </div>
        {details.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
