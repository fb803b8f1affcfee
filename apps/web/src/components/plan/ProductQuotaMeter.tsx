import type { ProductQuota } from '@kartlink/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import './plan.css';

/** "25 products", "1 product". */
export const countOf = (n: number) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? 'product' : 'products'}`;

/** From this share of the limit on, the meter says how many are left and offers Premium. */
const NEARLY_FULL = 0.8;

/**
 * How much of the plan the shop uses, before any form is filled: "12 of 25 products" with a
 * meter on the free plan, and the way to Premium as it fills; "Premium: no limit" otherwise.
 */
export function ProductQuotaMeter({ quota }: { quota: ProductQuota }) {
  const labelId = useId();
  if (quota.limit === null) {
    return (
      <p className="quota quota--premium">
        <strong>{countOf(quota.used)}</strong> · Premium, no limit
      </p>
    );
  }
  const left = Math.max(0, quota.limit - quota.used);
  const state = left === 0 ? 'full' : quota.used >= quota.limit * NEARLY_FULL ? 'nearly' : 'room';
  return (
    <div className={`quota quota--${state}`}>
      <p className="quota__line">
        <span id={labelId}>Products on the free plan</span>
        <strong className="quota__count">
          {quota.used.toLocaleString('en-IN')} of {quota.limit.toLocaleString('en-IN')}
        </strong>
      </p>
      <meter
        className="quota__meter"
        aria-labelledby={labelId}
        min={0}
        max={quota.limit}
        low={quota.limit * NEARLY_FULL}
        high={quota.limit - 0.5}
        optimum={0}
        value={Math.min(quota.used, quota.limit)}
      />
      <p className="quota__hint">
        {state === 'full'
          ? 'Your free plan is full. '
          : state === 'nearly'
            ? `${countOf(left)} left. `
            : null}
        <Link to="/dashboard/pricing">
          {state === 'room' ? 'Premium has no limit' : 'Upgrade to Premium for unlimited products'}
        </Link>
      </p>
    </div>
  );
}
