import { Link } from 'react-router';
import { SUPPORT_MAILTO } from '../../../lib/site';
import { ErrorPage } from '../components/ErrorPage';

export function ServerErrorPage() {
  return (
    <ErrorPage
      code="500"
      title="Server error"
      actions={
        <>
          <Link to="/dashboard" className="button button--primary">
            Go to Dashboard
          </Link>
          <a href={SUPPORT_MAILTO} className="button button--secondary">
            Contact support
          </a>
        </>
      }
    >
      <p>Sorry, something went wrong on our servers. We&apos;re working on fixing it.</p>
    </ErrorPage>
  );
}
