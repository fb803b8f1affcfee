import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { documentTitleFor, pageNameFor } from '../lib/page-title';
import type { Tracker } from '../lib/tracking';
import { takingOverServerPage } from './use-hydrated';

/**
 * On every route change: the document title from the path (a page the server rendered came
 * with its own, which stays), and one page view.
 */
export function usePageView(tracker: Tracker): void {
  const { pathname, search } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const path = pathname + search;
    if (!takingOverServerPage()) document.title = documentTitleFor(pathname);
    // Re-running the effect for the same location (StrictMode, re-mounts) is not a new view.
    if (lastPath.current === path) return;
    lastPath.current = path;
    tracker.pageView({ path, title: pageNameFor(pathname) });
  }, [pathname, search, tracker]);
}
