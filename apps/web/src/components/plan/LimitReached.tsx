import { ProductMessages } from '@kartlink/contracts';
import { Link } from 'react-router';
import { SparkIcon } from '../../../components/icons';

/** The free plan's product limit was reached (403 PRODUCT_LIMIT_EXCEEDED): Premium lifts it. */
export function LimitUpsell() {
  return (
    <section className="limit-upsell" role="alert" aria-labelledby="limit-upsell-title">
      <span className="limit-upsell__icon" aria-hidden="true">
        <SparkIcon />
      </span>
      <div>
        <h2 id="limit-upsell-title" className="limit-upsell__title">
          Your free plan is full
        </h2>
        <p className="limit-upsell__text">{ProductMessages.limitReached}</p>
      </div>
      <Link to="/dashboard/pricing" className="button button--primary">
        See Premium
      </Link>
    </section>
  );
}
