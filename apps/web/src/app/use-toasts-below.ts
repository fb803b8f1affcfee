import { useLayoutEffect, type RefObject } from 'react';

/** Room between the bar and the first toast. */
const GAP_PX = 16;

/**
 * Starts the toasts (AppToaster, `--toasts-top`) under the element `ref` holds, wherever it is:
 * the dashboard's bar sits lower when the notice above it shows, on more lines on a phone.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () => {
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      root.style.setProperty('--toasts-top', `${Math.ceil(bottom) + GAP_PX}px`);
    };
    place();
    // What is above the element grows or shrinks with the page: watch the page's frame too.
    // (Without ResizeObserver, as in jsdom, the first place stays.)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(element);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toasts-top');
    };
  }, [ref]);
}
