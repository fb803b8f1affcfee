import { Link } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';

export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title="Look like you're lost"
      actions={
        <>
          <Link to="/" className="button button--primary">
            Back to Home
          </Link>
          <Link to="/dashboard" className="button button--secondary">
            Go to Dashboard
          </Link>
        </>
      }
    >
      <p>The page you are looking for is not available!</p>
    </ErrorPage>
  );
}
