import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalOptions {
  /** Where focus goes on close when nothing was focused before (a dialog open from the start). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal layer while mounted: focus moves into `ref` and stays there (Tab wraps), Escape
 * calls `onClose`, the page behind does not scroll, and focus returns on close. Spread the
 * answer on the layer as its onKeyDown.
 */
export function useModal(
  ref: RefObject<HTMLElement | null>,
  onClose: () => void,
  { returnFocusTo }: ModalOptions = {},
): (event: KeyboardEvent) => void {
  // The latest callbacks and fallback, read when needed rather than re-running the effects.
  const latest = useRef({ onClose, returnFocusTo });
  useEffect(() => {
    latest.current = { onClose, returnFocusTo };
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const options = latest.current;
    return () => {
      document.body.style.overflow = overflow;
      const target =
        previous && previous !== document.body && previous.isConnected
          ? previous
          : options.returnFocusTo?.current;
      target?.focus();
    };
  }, [ref]);

  return useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !ref.current) return;
      const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === ref.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [ref],
  );
}
