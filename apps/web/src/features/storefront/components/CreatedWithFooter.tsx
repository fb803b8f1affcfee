import { Link } from 'react-router';
import { LogoMark } from '../../../components/Logo';
import { SITE_NAME } from '../../../lib/site';
import { useScrollingDown } from '../hooks/use-scrolling-down';
import './CreatedWithFooter.css';

/**
 * SPEC section 2: the fixed 'Created with' link at the bottom of a public shop. It steps aside
 * while the visitor scrolls down, so that it never sits on the products they are reading, and
 * comes back when they scroll up or reach the end, where the page leaves room for it.
 */
export function CreatedWithFooter() {
  const away = useScrollingDown();
  return (
    <footer className={away ? 'created-with created-with--away' : 'created-with'}>
      <Link to="/" className="created-with__link">
        Created with
        <LogoMark className="created-with__mark" />
        <strong>{SITE_NAME}</strong>
      </Link>
    </footer>
  );
}
