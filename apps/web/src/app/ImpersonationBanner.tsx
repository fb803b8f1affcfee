import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../lib/auth-slice';

/** While an admin acts as the user, every dashboard page says so. */
export function ImpersonationBanner() {
  const user = useSelector(selectCurrentUser);
  if (!user?.impersonatedBy) return null;
  return (
    <p className="impersonation-banner" role="status">
      Viewing as {user.email} (admin)
    </p>
  );
}
