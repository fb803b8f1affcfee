import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../hooks/use-modal';
import { CloseIcon } from './icons';

/**
 * A modal sheet: from the bottom on phones (as a dialog from 640 px up when `dialog`), titled,
 * with a close button. Escape, the backdrop and the button close it; the focus stays inside
 * while it is open and goes back to `returnFocusTo` after.
 */
export function Sheet({
  title,
  onClose,
  returnFocusTo,
  dialog = false,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  dialog?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  const onKeyDown = useModal(sheet, onClose, { returnFocusTo });

  return createPortal(
    <div
      className={dialog ? 'sheet-backdrop sheet-backdrop--dialog' : 'sheet-backdrop'}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={sheet}
        className={dialog ? 'sheet sheet--dialog' : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
