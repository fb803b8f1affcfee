import { reloadPage } from '../../lib/reload';
import './errors.css';

/** SPEC section 8: shown in place of content that failed to render. */
export function InlineErrorNotice() {
  return (
    <section className="inline-error" role="alert">
      <h2 className="inline-error__title">Something went wrong displaying this content</h2>
      <p>
        We&apos;ve encountered an issue, but you can continue using other parts of the application.
      </p>
      <button type="button" className="button button--secondary" onClick={reloadPage}>
        Reload Page
      </button>
    </section>
  );
}
