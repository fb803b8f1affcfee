import { useEffect, useState } from 'react';

/** Scrolls shorter than this do not change the direction (a thumb's jitter, a bounce). */
const JITTER_PX = 8;

/**
 * Whether the visitor is on their way down the page: true after a scroll down, false after a
 * scroll up, at the top and at the very end of the page.
 */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const page = document.documentElement;
      const atEnd = Math.ceil(y + window.innerHeight) >= page.scrollHeight - 1;
      if (atEnd || y <= 0) {
        setDown(false);
        last = y;
      } else if (Math.abs(y - last) >= JITTER_PX) {
        setDown(y > last);
        last = y;
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}
