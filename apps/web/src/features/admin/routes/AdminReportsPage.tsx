import {
  type AdminReport,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportStatus,
} from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { timeAgo } from '../../../lib/relative-time';
import { useAdminReportsQuery, useResolveReportMutation } from '../api/admin-api';
import { CursorPage } from '../components/CursorPage';
import { ReasonDialog } from '../components/ReasonDialog';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { failureMessage, formatDateTime } from '../utils/format';

const TABS: { status: ReportStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'hidden', label: 'Hidden' },
  { status: 'dismissed', label: 'Dismissed' },
];

const statusOf = (value: string | null): ReportStatus =>
  value === 'hidden' || value === 'dismissed' ? value : 'open';

/** The reasons of a report, most reported first (ties in the form's order). */
function rankedReasons(report: AdminReport): [ReportReason, number][] {
  return REPORT_REASONS.flatMap((reason): [ReportReason, number][] => {
    const count = report.reasons[reason] ?? 0;
    return count > 0 ? [[reason, count]] : [];
  }).sort((a, b) => b[1] - a[1]);
}

/** /admin/reports: visitors' reports grouped by page, open first; hide the page or dismiss. */
export function AdminReportsPage() {
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const { cursors, loadMore } = useCursorPages(status);
  return (
    <section className="admin-section" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title" className="admin-section__title">
        Reports
      </h2>
      <nav aria-label="Report status">
        <ul className="admin-tabs">
          {TABS.map((tab) => (
            <li key={tab.status}>
              <Link
                to={tab.status === 'open' ? '?' : `?status=${tab.status}`}
                className="admin-tabs__tab"
                aria-current={tab.status === status ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul
        className="admin-list"
        aria-label={`${TABS.find((t) => t.status === status)!.label} reports`}
      >
        {cursors.map((cursor, index) => (
          <ReportsPage
            key={cursor ?? ''}
            status={status}
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

interface ReportsPageProps {
  status: ReportStatus;
  cursor: string | null;
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
}

const EMPTY: Record<ReportStatus, string> = {
  open: 'No open reports. All clear.',
  hidden: 'No page has been hidden from a report yet.',
  dismissed: 'No report has been dismissed yet.',
};

function ReportsPage({ status, cursor, ...page }: ReportsPageProps) {
  const result = useAdminReportsQuery({ status, cursor });
  return (
    <CursorPage<AdminReport> result={result} {...page} noun="reports" empty={EMPTY[status]}>
      {(report) => <ReportCard key={report.id} report={report} />}
    </CursorPage>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const [resolve, { isLoading }] = useResolveReportMutation();
  const [hiding, setHiding] = useState(false);
  const reasons = rankedReasons(report);
  const top = reasons[0]?.[0];
  const { target } = report;
  const name = target.title ?? target.path;

  const run = async (action: 'hide' | 'dismiss', reason?: string) => {
    try {
      await resolve({ id: report.id, action, ...(reason ? { reason } : {}) }).unwrap();
      setHiding(false);
      toast.success(
        action === 'hide' ? `Hid ${target.path}.` : `Dismissed the reports of ${target.path}.`,
      );
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <li className="admin-card">
      <div className="admin-card__head">
        <h3 className="admin-card__title">{name}</h3>
        <span className="badge">{target.type === 'shop' ? 'Shop' : 'Product'}</span>
      </div>
      <p className="admin-card__title">
        <a href={target.path} target="_blank" rel="noreferrer">
          {target.path}
        </a>
      </p>
      <p>
        <strong>
          {report.count} {report.count === 1 ? 'report' : 'reports'}
        </strong>{' '}
        · last {timeAgo(report.lastReportedAt)} · first {timeAgo(report.firstReportedAt)}
        {report.resolvedAt && <> · resolved {formatDateTime(report.resolvedAt)}</>}
      </p>
      <ul className="admin-reasons" aria-label="Reasons">
        {reasons.map(([reason, count]) => (
          <li key={reason} className="badge">
            {REPORT_REASON_LABELS[reason]} × {count}
          </li>
        ))}
      </ul>
      {report.details.length > 0 && (
        <ul className="admin-card__details" aria-label="What visitors wrote">
          {report.details.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
      {report.status === 'open' && (
        <div className="admin-card__actions">
          <button
            type="button"
            className="button button--danger button--small"
            disabled={isLoading}
            aria-label={`Hide ${target.path}`}
            onClick={() => setHiding(true)}
          >
            Hide
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={isLoading}
            aria-label={`Dismiss the reports of ${target.path}`}
            onClick={() => void run('dismiss')}
          >
            Dismiss
          </button>
        </div>
      )}
      {hiding && (
        <ReasonDialog
          title={`Hide ${target.path}?`}
          description="Visitors are told the page is no longer available; the owner sees your reason in their dashboard."
          confirmLabel="Hide"
          busyLabel="Hiding…"
          busy={isLoading}
          initialReason={top ? REPORT_REASON_LABELS[top] : ''}
          onConfirm={(reason) => void run('hide', reason)}
          onCancel={() => setHiding(false)}
        />
      )}
    </li>
  );
}
