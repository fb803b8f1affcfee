import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose words live in the URL (`?q=`), so that a search can be shared and survives
 * a reload: what is typed is shown at once, and written to the URL once typing pauses.
 * Answers the box's text, its setter, and the search in the URL.
 */
export function useSearchBox(param = 'q') {
  const [params, setParams] = useSearchParams();
  const applied = params.get(param) ?? '';
  const [text, setText] = useState(applied);
  // The URL changed otherwise (a link, the back button): the box shows its search.
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (applied !== text.trim()) setText(applied);
  }

  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set(param, text.trim());
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, param, setParams]);

  return { text, setText, query: applied };
}
