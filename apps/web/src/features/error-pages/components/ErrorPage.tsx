import type { ReactNode } from 'react';
import './ErrorPage.css';

interface ErrorPageProps {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The shared frame of the 400, 404 and 500 pages. */
export function ErrorPage({ code, title, children, actions }: ErrorPageProps) {
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-page-title" className="error-page__title">
        {title}
      </h1>
      <div className="error-page__text">{children}</div>
      <div className="error-page__actions">{actions}</div>
    </section>
  );
}
