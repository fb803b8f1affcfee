import { Link } from 'react-router';
import { LogoMark } from '../../../components/Logo';
import { SITE_NAME } from '../../../lib/site';
import './CreatedWithFooter.css';

/** SPEC section 2: the fixed 'Created with' link at the bottom of a public shop. */
export function CreatedWithFooter() {
  return (
    <footer className="created-with">
      <Link to="/" className="created-with__link">
        Created with
        <LogoMark className="created-with__mark" />
        <strong>{SITE_NAME}</strong>
      </Link>
    </footer>
  );
}
