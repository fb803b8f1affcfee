import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@kartlink/contracts';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { Sheet } from '../../../components/Sheet';
import {
  fieldErrorsOf,
  httpStatusOf,
  serverMessageOf,
  userFacingMessage,
} from '../../../lib/errors';
import { useReportPageMutation } from '../api/report-api';
import './ReportDialog.css';

const ReportMessages = {
  sent: 'Thanks — our team will review this page.',
  tooMany: 'You have sent several reports already. Please try again later.',
  reasonRequired: 'Choose why you are reporting this page.',
  tooLong: `Please keep the details under ${REPORT_DETAILS_MAX} characters.`,
} as const;

export interface ReportDialogProps {
  shopUrl: string;
  /** The product's short code; absent on the shop's own page. */
  shortCode?: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** What went wrong with a report, in words for the visitor. */
function problemOf(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 429) return ReportMessages.tooMany;
  const fields = fieldErrorsOf(error);
  if (fields.length > 0) return fields.map((field) => field.msg).join(' ');
  return userFacingMessage(status, serverMessageOf(error));
}

/**
 * "Report this page" (issue 21): why (one of the reasons), optional details, Send. No account
 * needed. Loaded only when a visitor opens it, so the public pages' first load does not carry it.
 */
export function ReportDialog({ shopUrl, shortCode, onClose, returnFocusTo }: ReportDialogProps) {
  const detailsId = useId();
  const countId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { isLoading }] = useReportPageMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(ReportMessages.reasonRequired);
      return;
    }
    if (details.length > REPORT_DETAILS_MAX) {
      setProblem(ReportMessages.tooLong);
      return;
    }
    setProblem(null);
    try {
      await send({
        shopUrl,
        ...(shortCode ? { shortCode } : {}),
        reason,
        ...(details.trim() ? { details: details.trim() } : {}),
      }).unwrap();
      setSent(true);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };

  return (
    <Sheet
      dialog
      title={shortCode ? 'Report this product' : 'Report this shop'}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      {sent ? (
        <div className="report-dialog">
          <p role="status" className="report-dialog__done">
            {ReportMessages.sent}
          </p>
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <form className="report-dialog" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="report-dialog__reasons">
            <legend>Why are you reporting this page?</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report-dialog__reason">
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={detailsId} className="report-dialog__label">
            Details (optional)
          </label>
          <textarea
            id={detailsId}
            className="report-dialog__details"
            rows={3}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            aria-describedby={countId}
            onChange={(event) => setDetails(event.target.value)}
          />
          <p id={countId} className="report-dialog__count">
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
          {problem && (
            <p role="alert" className="report-dialog__problem">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Send report'}
          </button>
        </form>
      )}
    </Sheet>
  );
}
