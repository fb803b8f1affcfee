import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Names the tab after what the page shows (a shop, a product) once it is known. The root layout
 * titles every page from its path in an effect that runs after this page's effects, so the
 * name is set a task later, after it.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = title;
    });
    return () => clearTimeout(timer);
  }, [title, pathname]);
}
