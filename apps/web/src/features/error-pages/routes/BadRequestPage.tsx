import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessageFromState } from '../../../lib/errors';
import { SUPPORT_MAILTO } from '../../../lib/site';
import { ErrorPage } from '../components/ErrorPage';

const DEFAULT_MESSAGE =
  'The request could not be processed. Please check your input and try again.';

export function BadRequestPage() {
  const { state } = useLocation();
  const navigate = useNavigate();
  return (
    <ErrorPage
      code="400"
      title="Bad Request"
      actions={
        <>
          <Link to="/" className="button button--primary">
            Return Home
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigate(-1)}
          >
            Go Back
          </button>
          <a href={SUPPORT_MAILTO} className="button button--ghost">
            Contact Support
          </a>
        </>
      }
    >
      <p>{errorMessageFromState(state) ?? DEFAULT_MESSAGE}</p>
    </ErrorPage>
  );
}
