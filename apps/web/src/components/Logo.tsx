import { Link } from 'react-router';
import { SITE_NAME } from '../lib/site';
import './Logo.css';

/** The Kartlink mark alone, decorative: whatever holds it names it. */
export function LogoMark({ className = 'logo__mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <path
        d="M9 10h2.2l2.2 9.2h8.4L23.6 13H13"
        fill="none"
        stroke="var(--color-on-primary)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="14.5" cy="23" r="1.6" fill="var(--color-accent)" />
      <circle cx="20.5" cy="23" r="1.6" fill="var(--color-accent)" />
    </svg>
  );
}

/** The Kartlink mark and word, linking home. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${SITE_NAME} home`}>
      <LogoMark />
      <span className="logo__word">{SITE_NAME}</span>
    </Link>
  );
}
