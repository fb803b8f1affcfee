import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { keepTabInside } from '../lib/focus-trap';

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
      keepTabInside(event, ref.current);
    },
    [ref],
  );
}
