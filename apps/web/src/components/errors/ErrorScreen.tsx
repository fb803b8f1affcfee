import { reloadPage } from '../../lib/reload';
import './errors.css';

/** SPEC section 2: the generic error screen, used where the router itself failed. */
export function ErrorScreen() {
  return (
    <main className="error-screen">
      <h1>Something went wrong</h1>
      <p>Please refresh the page. If it keeps happening, start again from the home page.</p>
      <div className="error-screen__actions">
        <button type="button" className="button button--primary" onClick={reloadPage}>
          Refresh Page
        </button>
        {/* A full page load: the failure may be a stale bundle after an update. */}
        <a href="/" className="button button--secondary">
          Go to Homepage
        </a>
      </div>
    </main>
  );
}
