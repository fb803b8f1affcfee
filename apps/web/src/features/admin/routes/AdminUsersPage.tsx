import type { AdminUser } from '@kartlink/contracts';
import { useAdminUsersQuery } from '../api/admin-api';
import { AdminUserCard } from '../components/AdminUserCard';
import { CursorPage } from '../components/CursorPage';
import { SearchBox } from '../components/SearchBox';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { useSearchBox } from '../hooks/use-search-box';

/** /admin/users: find an account; change its plan, disable or enable it, act as its owner. */
export function AdminUsersPage() {
  const { text, setText, query } = useSearchBox();
  const { cursors, loadMore } = useCursorPages(query);
  return (
    <section className="admin-section" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="admin-section__title">
        Users
      </h2>
      <SearchBox
        label="Search users"
        hint="E-mail, name or shop address. Empty: the newest accounts."
        value={text}
        onChange={setText}
      />
      <ul className="admin-list" aria-label="Users">
        {cursors.map((cursor, index) => (
          <UsersPage
            key={cursor ?? ''}
            q={query}
            cursor={cursor}
            first={index === 0}
            last={index === cursors.length - 1}
            onMore={loadMore}
          />
        ))}
      </ul>
    </section>
  );
}

interface UsersPageProps {
  q: string;
  cursor: string | null;
  first: boolean;
  last: boolean;
  onMore: (cursor: string) => void;
}

function UsersPage({ q, cursor, first, last, onMore }: UsersPageProps) {
  const result = useAdminUsersQuery({ q, cursor });
  return (
    <CursorPage<AdminUser>
      result={result}
      first={first}
      last={last}
      onMore={onMore}
      noun="users"
      empty={q ? `No user matches “${q}”.` : 'No users yet.'}
    >
      {(user) => <AdminUserCard key={user.id} user={user} />}
    </CursorPage>
  );
}
