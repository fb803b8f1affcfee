import { type KeyboardEvent, type MouseEvent, type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside a modal layer: focus wraps from last to first and back. */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement | null) {
  if (event.key !== 'Tab' || !container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * What every modal dialog of the app does: focus `initialFocus` when it opens and give focus
 * back to what had it when it closes; Escape and a tap on the backdrop cancel (not while
 * `busy`); Tab stays inside `dialog`.
 */
export function useModalDialog<T extends HTMLElement>({
  busy,
  onCancel,
  initialFocus,
}: {
  busy: boolean;
  onCancel: () => void;
  initialFocus: RefObject<HTMLElement | null>;
}) {
  const dialog = useRef<T>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    return () => before?.focus?.();
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: KeyboardEvent<T>) => {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onCancel();
      return;
    }
    keepTabInside(event, dialog.current);
  };
  const onBackdropClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target === event.currentTarget && !busy) onCancel();
  };
  return { dialog, onKeyDown, onBackdropClick };
}
