import { NavLink, Outlet } from 'react-router';
import { RenderErrorBoundary } from '../../../components/errors/RenderErrorBoundary';
import './admin.css';

const SECTIONS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/shops', label: 'Shops & products' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** /admin: the trust-and-safety console's heading and its sections (issue 21). */
export function AdminLayout() {
  return (
    <div className="page page--wide admin">
      <header>
        <h1 className="page__title">Admin console</h1>
        <p className="page__lead">
          Accounts, shops and products, visitors’ reports, and what was done.
        </p>
      </header>
      <nav aria-label="Admin sections" className="admin__tabs">
        <ul>
          {SECTIONS.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className="admin__tab">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <RenderErrorBoundary>
        <Outlet />
      </RenderErrorBoundary>
    </div>
  );
}
