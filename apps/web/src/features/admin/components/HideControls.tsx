import type { ModerationHold } from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { failureMessage, formatDateTime } from '../utils/format';
import { ReasonDialog } from './ReasonDialog';

interface HideControlsProps {
  /** "shop /priya-styles", "product “Silk saree”": in the buttons' names and the dialog. */
  what: string;
  hidden: ModerationHold | null;
  /** The public page, opened in a new tab. */
  path: string | null;
  busy: boolean;
  hide: (reason: string) => Promise<unknown>;
  restore: () => Promise<unknown>;
}

/** A shop's or product's hold, and Hide (with a required reason) / Restore / the public page. */
export function HideControls({ what, hidden, path, busy, hide, restore }: HideControlsProps) {
  const [asking, setAsking] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setAsking(false);
      toast.success(done);
    } catch (error) {
      toast.error(failureMessage(error));
    }
  };

  return (
    <>
      {hidden && (
        <p className="admin-card__hold">
          Hidden {formatDateTime(hidden.at)}: {hidden.reason}
        </p>
      )}
      <div className="admin-card__actions">
        {hidden ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            aria-label={`Restore ${what}`}
            onClick={() => void run(restore, `Restored the ${what}.`)}
          >
            Restore
          </button>
        ) : (
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy}
            aria-label={`Hide ${what}`}
            onClick={() => setAsking(true)}
          >
            Hide
          </button>
        )}
        {path && (
          <a
            className="button button--ghost button--small"
            href={path}
            target="_blank"
            rel="noreferrer"
            aria-label={`Open page of ${what}`}
          >
            Open page
          </a>
        )}
      </div>
      {asking && (
        <ReasonDialog
          title={`Hide ${what}?`}
          description="Visitors are told the page is no longer available; the owner sees your reason in their dashboard. You can restore it later."
          confirmLabel="Hide"
          busyLabel="Hiding…"
          busy={busy}
          onConfirm={(reason) => void run(() => hide(reason), `Hid the ${what}.`)}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
