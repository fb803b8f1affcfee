import type { ReactNode } from 'react';
import './LegalPage.css';

/** SPEC section 2: both legal pages were last updated on this date. */
const LAST_UPDATED = 'March 6, 2024';

interface LegalPageProps {
  title: string;
  children: ReactNode;
}

export function LegalPage({ title, children }: LegalPageProps) {
  return (
    <article className="legal container" aria-labelledby="legal-title">
      <div className="legal__header">
        <h1 id="legal-title">{title}</h1>
        <p className="legal__updated">Last updated: {LAST_UPDATED}</p>
      </div>
      {children}
    </article>
  );
}
