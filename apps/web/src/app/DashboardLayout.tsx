import { useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { RenderErrorBoundary } from '../components/errors/RenderErrorBoundary';
import { SignOutIcon } from '../components/icons';
import { Logo } from '../components/Logo';
import { ThemeToggle } from '../components/theme/ThemeToggle';
import { UserAvatar } from '../components/UserAvatar';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { selectCurrentUser } from '../lib/auth-slice';
import { isCurrentSection, sectionsFor } from './dashboard-sections';
import { ImpersonationBanner } from './ImpersonationBanner';
import { MoreSheet } from './MoreSheet';
import { useToastsBelow } from './use-toasts-below';
import './DashboardLayout.css';

/**
 * The frame every dashboard page shares: the brand bar with the owner's photo, the section
 * navigation (a side menu on wide screens; on phones a bottom bar with the main four and a
 * "More" sheet for the rest), sign-out, and the notice that an admin is acting as the user.
 */
export function DashboardLayout() {
  const user = useSelector(selectCurrentUser);
  const { signOut, leaving } = useSignOut();
  const { pathname } = useLocation();
  const bar = useRef<HTMLDivElement>(null);
  useToastsBelow(bar);
  const sections = sectionsFor(user);
  const inMore = sections.find(
    (section) => section.phone === 'more' && isCurrentSection(section, pathname),
  );

  return (
    <div className="dashboard">
      <ImpersonationBanner />
      <div className="dashboard__bar" ref={bar}>
        <Logo />
        <div className="dashboard__bar-actions">
          <ThemeToggle />
          {user && (
            <Link
              to="/dashboard/account"
              className="dashboard__account"
              aria-label={`Your account: ${user.displayName ?? user.email}`}
            >
              <UserAvatar user={user} />
            </Link>
          )}
        </div>
      </div>
      <nav className="dashboard__nav" aria-label="Dashboard">
        <ul className="dashboard__nav-list">
          {sections.map(({ to, label, end, phone, Icon }) => (
            <li key={to} className={`dashboard__nav-item dashboard__nav-item--${phone}`}>
              <NavLink to={to} end={end} className="dashboard__nav-link">
                <Icon className="dashboard__nav-icon" />
                <span className="dashboard__nav-label">{label}</span>
              </NavLink>
            </li>
          ))}
          <li className="dashboard__nav-item dashboard__nav-item--bar dashboard__nav-item--phone-only">
            <MoreSheet current={inMore} />
          </li>
        </ul>
        <button
          type="button"
          className="dashboard__sign-out"
          disabled={leaving !== null}
          onClick={() => void signOut()}
        >
          <SignOutIcon className="dashboard__nav-icon" />
          {leaving ? 'Signing out…' : 'Sign out'}
        </button>
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
