import { useState } from 'react';

/**
 * The cursors of the pages of a list shown so far: the first page (null), then each "Load more".
 * A new `key` (another search, filter or tab) starts again from the first page.
 */
export function useCursorPages(key: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({
    key,
    cursors: [null],
  });
  const cursors = state.key === key ? state.cursors : [null];
  const loadMore = (cursor: string) =>
    setState({ key, cursors: cursors.includes(cursor) ? cursors : [...cursors, cursor] });
  return { cursors, loadMore };
}
