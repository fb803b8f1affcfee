import { Component, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  describeError,
  errorPagePath,
  isCriticalError,
  type ErrorPageState,
} from '../../lib/errors';
import { SessionKey } from '../../lib/storage-keys';
import { InlineErrorNotice } from './InlineErrorNotice';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the path) clears a caught error. */
  resetKey: string;
}

interface BoundaryState {
  resetKey: string;
  caught: boolean;
  /** Where a critical error leads; null shows the inline notice instead. */
  redirectTo: string | null;
  pageState: ErrorPageState | null;
}

/**
 * SPEC sections 4 and 8: a critical render error leads once (replacing the entry) to its
 * error page; anything else, or a second critical error before a page rendered cleanly,
 * shows an inline notice. sessionStorage redirectAfterError marks the redirect in flight.
 */
class ErrorBoundaryCore extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    resetKey: this.props.resetKey,
    caught: false,
    redirectTo: null,
    pageState: null,
  };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey
      ? null
      : { resetKey: props.resetKey, caught: false, redirectTo: null, pageState: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    const facts = describeError(error);
    const redirect =
      isCriticalError(facts) && sessionStorage.getItem(SessionKey.redirectAfterError) === null;
    return {
      caught: true,
      redirectTo: redirect ? errorPagePath(facts.status) : null,
      pageState: { error: facts },
    };
  }

  override componentDidCatch() {
    const { redirectTo } = this.state;
    if (redirectTo) sessionStorage.setItem(SessionKey.redirectAfterError, redirectTo);
  }

  override componentDidMount() {
    this.endErrorEpisode();
  }

  override componentDidUpdate() {
    this.endErrorEpisode();
  }

  // A clean render means any earlier redirect has landed; the next critical error may redirect.
  private endErrorEpisode() {
    if (!this.state.caught) sessionStorage.removeItem(SessionKey.redirectAfterError);
  }

  override render() {
    const { caught, redirectTo, pageState } = this.state;
    if (!caught) return this.props.children;
    // <Navigate> navigates from an effect, once the router is ready to take it.
    return redirectTo ? (
      <Navigate to={redirectTo} replace state={pageState} />
    ) : (
      <InlineErrorNotice />
    );
  }
}

export function RenderErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundaryCore resetKey={pathname}>{children}</ErrorBoundaryCore>;
}
