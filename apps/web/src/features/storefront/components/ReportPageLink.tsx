import { useRef, useState, type ComponentType } from 'react';
import type { ReportDialogProps } from './ReportDialog';
import './ReportPageLink.css';

interface ReportPageLinkProps {
  shopUrl: string;
  shortCode?: string;
}

/**
 * The discreet "Report this page" at the foot of a public shop or product page (issue 21). The
 * dialog's code loads on the first tap, never with the page.
 */
export function ReportPageLink({ shopUrl, shortCode }: ReportPageLinkProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [Dialog, setDialog] = useState<ComponentType<ReportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const show = async () => {
    if (!Dialog) {
      setLoading(true);
      try {
        const { ReportDialog } = await import('./ReportDialog');
        setDialog(() => ReportDialog);
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  };

  return (
    <p className="report-page">
      <button
        ref={button}
        type="button"
        className="report-page__link"
        aria-haspopup="dialog"
        disabled={loading}
        onClick={() => void show()}
      >
        Report this page
      </button>
      {open && Dialog && (
        <Dialog
          shopUrl={shopUrl}
          {...(shortCode ? { shortCode } : {})}
          onClose={() => setOpen(false)}
          returnFocusTo={button}
        />
      )}
    </p>
  );
}
