import { MODERATION_REASON_MAX } from '@kartlink/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { useModalDialog } from '../../../lib/focus-trap';
import '../../../components/ConfirmDialog.css';

interface ReasonDialogProps {
  title: string;
  /** What the action does, above the reason. */
  description: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The reason to start from (a report's top reason). */
  initialReason?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

const REASON_REQUIRED = 'Give a reason: the owner sees it.';

/**
 * Asks for the reason of a moderation action (hide, disable) and confirms it: the reason is
 * required and is what the owner is shown. Keyboard stays inside; Escape and the backdrop cancel.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  initialReason = '',
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const titleId = useId();
  const textId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState<string>();
  const { dialog, onKeyDown, onBackdropClick } = useModalDialog<HTMLFormElement>({
    busy,
    onCancel,
    initialFocus: field,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(REASON_REQUIRED);
      field.current?.focus();
      return;
    }
    if (text.length > MODERATION_REASON_MAX) {
      setError(`At most ${MODERATION_REASON_MAX} characters.`);
      return;
    }
    onConfirm(text);
  };

  return createPortal(
    <div className="confirm-backdrop" onClick={onBackdropClick}>
      <form
        ref={dialog}
        className="confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={textId} className="confirm-dialog__text">
          {description}
        </p>
        <TextAreaField
          label="Reason (shown to the owner)"
          value={reason}
          onValueChange={(value) => {
            setReason(value);
            if (error) setError(undefined);
          }}
          error={error}
          counter={MODERATION_REASON_MAX}
          rows={3}
          inputRef={field}
          required
        />
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
