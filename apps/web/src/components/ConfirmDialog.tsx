import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './ConfirmDialog.css';
import { useModalDialog } from '../lib/focus-trap';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** While the action runs: both buttons wait. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. The keyboard stays inside; Escape and the
 * backdrop cancel; Cancel has the focus first, so Enter never destroys by accident.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  busyLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const { dialog, onKeyDown, onBackdropClick } = useModalDialog<HTMLDivElement>({
    busy,
    onCancel,
    initialFocus: cancel,
  });

  return createPortal(
    <div className="confirm-backdrop" onClick={onBackdropClick}>
      <div
        ref={dialog}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <div id={textId} className="confirm-dialog__text">
          {children}
        </div>
        <div className="confirm-dialog__actions">
          <button
            ref={cancel}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
