import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { selectCurrentUser } from '../../lib/auth-slice';
import { Logo } from '../Logo';
import { ThemeToggle } from '../theme/ThemeToggle';
import './SiteHeader.css';

/** SPEC section 2: the top bar changes style once the page is scrolled past 20 px. */
const HEADER_SCROLL_OFFSET = 20;

export function SiteHeader() {
  const user = useSelector(selectCurrentUser);
  const scrolled = useScrolledPast(HEADER_SCROLL_OFFSET);

  return (
    <header className={scrolled ? 'site-header site-header--scrolled' : 'site-header'}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <div className="site-header__inner container">
        <Logo />
        <nav className="site-header__actions" aria-label="Account">
          <ThemeToggle />
          {user ? (
            <Link to="/dashboard" className="button button--primary button--small">
              Dashboard
            </Link>
          ) : (
            <Link to="/auth" className="button button--primary button--small">
              Sign Up
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
