import type { AdminPage } from '@kartlink/contracts';
import type { ReactNode } from 'react';
import { failureMessage } from '../utils/format';

/** What a page's query says: RTK Query's result, as much of it as a page needs. */
interface PageResult<T> {
  data?: AdminPage<T>;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface CursorPageProps<T> {
  result: PageResult<T>;
  /** The first page says when there is nothing at all. */
  first: boolean;
  /** Only the last page shown offers the next one. */
  last: boolean;
  onMore: (cursor: string) => void;
  /** What the list is of, for the loading and empty lines: "users". */
  noun: string;
  empty: string;
  children: (item: T) => ReactNode;
}

/**
 * One page of a list the console reads by cursor: its items as list items, then (on the last
 * page shown) "Load more", or what is happening: loading, a failure with a retry, nothing found.
 */
export function CursorPage<T>({
  result,
  first,
  last,
  onMore,
  noun,
  empty,
  children,
}: CursorPageProps<T>) {
  const { data, error, isError, isFetching, refetch } = result;
  if (!data) {
    if (isError) {
      return (
        <li className="admin-list__more" role="alert">
          {failureMessage(error)}{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </li>
      );
    }
    return (
      <li className="admin-list__more" role="status">
        Loading {noun}…
      </li>
    );
  }
  return (
    <>
      {first && data.items.length === 0 && <li className="admin-list__empty">{empty}</li>}
      {data.items.map(children)}
      {last && data.nextCursor && (
        <li className="admin-list__more">
          <button
            type="button"
            className="button button--secondary"
            disabled={isFetching}
            onClick={() => onMore(data.nextCursor!)}
          >
            Load more {noun}
          </button>
        </li>
      )}
    </>
  );
}
