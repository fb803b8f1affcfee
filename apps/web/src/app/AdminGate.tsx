import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { NotFoundPage } from '../features/error-pages/routes/NotFoundPage';
import { selectCurrentUser, selectSessionStatus } from '../lib/auth-slice';
import { isActingAdmin } from './dashboard-sections';

/**
 * /admin/*: the console for an admin acting as themself. Anyone else (signed out, a user, an
 * admin acting as a user) gets the app's 404 page, as the API answers 404: the console's
 * existence is not revealed.
 */
export function AdminGate() {
  const status = useSelector(selectSessionStatus);
  const user = useSelector(selectCurrentUser);
  if (status === 'restoring') return <Spinner label="Loading" />;
  return isActingAdmin(user) ? <Outlet /> : <NotFoundPage />;
}
