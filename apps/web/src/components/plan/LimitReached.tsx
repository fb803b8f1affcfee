import { ProductMessages, type ProductQuota } from '@kartlink/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SparkIcon } from '../icons';
import { countOf } from './ProductQuotaMeter';
import './plan.css';

interface LimitReachedProps {
  /** The figures, when known: "25 of 25 products". */
  quota?: ProductQuota;
  /**
   * Raised each time a save is refused for the limit: the notice takes the focus and scrolls
   * into view, so that a phone (whose button sits at the bottom) shows why nothing was saved.
   */
  focusRequest?: number;
  /** Another way out beside Premium, e.g. a link to the links list. */
  children?: ReactNode;
}

/** The free plan's product limit is reached (SPEC: 'Upgrade to Premium for unlimited products'). */
export function LimitReached({ quota, focusRequest = 0, children }: LimitReachedProps) {
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusRequest === 0 || !box.current) return;
    box.current.focus({ preventScroll: true });
    box.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusRequest]);

  return (
    <section
      ref={box}
      className="limit-upsell"
      aria-labelledby="limit-upsell-title"
      // Announced when it answers a refused save; shown quietly when the page opens full.
      role={focusRequest > 0 ? 'alert' : undefined}
      tabIndex={-1}
    >
      <span className="limit-upsell__icon" aria-hidden="true">
        <SparkIcon />
      </span>
      <div>
        <h2 id="limit-upsell-title" className="limit-upsell__title">
          Your free plan is full
        </h2>
        <p className="limit-upsell__text">
          {quota?.limit != null && (
            <>
              {quota.used.toLocaleString('en-IN')} of {countOf(quota.limit)} used.{' '}
            </>
          )}
          {ProductMessages.limitReached}
        </p>
      </div>
      <div className="limit-upsell__actions">
        <Link to="/dashboard/pricing" className="button button--primary">
          See Premium
        </Link>
        {children}
      </div>
    </section>
  );
}
