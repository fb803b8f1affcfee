import { NavLink, Outlet } from 'react-router';
import { RenderErrorBoundary } from '../../../components/errors/RenderErrorBoundary';
import { Logo } from '../../../components/Logo';
import { ThemeToggle } from '../../../components/theme/ThemeToggle';
import { ImpersonationBanner } from '../components/ImpersonationBanner';
import './DashboardLayout.css';

const SECTIONS = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/links', label: 'Links' },
  { to: '/dashboard/create-link', label: 'Create link' },
  { to: '/dashboard/shop', label: 'My shop' },
  { to: '/dashboard/analytics', label: 'Analytics' },
  { to: '/dashboard/pricing', label: 'Pricing' },
  { to: '/dashboard/account', label: 'Account' },
];

/**
 * The frame every dashboard page shares: brand bar and section navigation, and the notice
 * that an admin is acting as the user.
 */
export function DashboardLayout() {
  return (
    <div className="dashboard">
      <ImpersonationBanner />
      <div className="dashboard__bar">
        <Logo />
        <ThemeToggle />
      </div>
      <nav className="dashboard__nav" aria-label="Dashboard">
        <ul>
          {SECTIONS.map(({ to, label, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="dashboard__nav-link">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dashboard__content">
        {/* A page that fails to draw leaves the dashboard navigation usable. */}
        <RenderErrorBoundary>
          <Outlet />
        </RenderErrorBoundary>
      </div>
    </div>
  );
}
