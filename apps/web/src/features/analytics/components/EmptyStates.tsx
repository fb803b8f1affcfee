import { Link } from 'react-router';
import { CopyButton } from '../../../components/CopyButton';
import { ChartIcon } from '../../../components/icons';
import { publicShopAddress } from '../../../lib/public-address';
import { useMyShopQuery } from '../../../lib/shop-api';

/** No visit or click at all in the last year: what to do to get the first ones. */
export function NoVisitsYet() {
  const { data: shop } = useMyShopQuery();
  const address = shop?.shopUrl ? publicShopAddress(shop.shopUrl) : null;
  return (
    <section className="analytics-empty" aria-labelledby="no-visits-title">
      <span className="analytics-empty__icon" aria-hidden="true">
        <ChartIcon />
      </span>
      <h2 id="no-visits-title">No visits yet</h2>
      <p>
        Your figures appear here as soon as people open your shop or click one of your product
        links. Here is how to get your first visitors:
      </p>
      <ol className="analytics-empty__steps">
        <li>
          <strong>Share your shop link</strong> in your Instagram bio, stories, WhatsApp status and
          chats.
          {address && (
            <span className="analytics-empty__address">
              <a href={address} target="_blank" rel="noreferrer">
                {address}
              </a>
              <CopyButton text={address} label="Copy shop link" />
            </span>
          )}
        </li>
        <li>
          <strong>Add the products you recommend</strong>, each with one short link to every store
          that sells it. <Link to="/dashboard/create-link">Create a product link</Link>
        </li>
        <li>
          <strong>Come back here</strong> to see views, clicks and where your shoppers come from.
        </li>
      </ol>
    </section>
  );
}

interface NoVisitsInRangeProps {
  /** "1 Mar – 30 Mar 2026" */
  period: string;
  /** A longer range to look at, when there is one. */
  widen?: { label: string; onClick: () => void };
}

/** Visits exist, just not in this range. */
export function NoVisitsInRange({ period, widen }: NoVisitsInRangeProps) {
  return (
    <section className="analytics-empty" aria-labelledby="no-visits-range-title">
      <h2 id="no-visits-range-title">No visits in this period</h2>
      <p>
        Nobody opened your shop or clicked a product link in {period}.
        {widen && ' Try a longer period to see earlier visits.'}
      </p>
      {widen && (
        <button type="button" className="button button--secondary" onClick={widen.onClick}>
          {widen.label}
        </button>
      )}
    </section>
  );
}

/** Shaped like the page to come, announced as loading. */
export function AnalyticsSkeleton() {
  return (
    <div className="analytics-skeleton" role="status" aria-label="Loading analytics">
      <div className="figures">
        {[0, 1, 2, 3].map((n) => (
          <span key={n} className="analytics-skeleton__block analytics-skeleton__figure" />
        ))}
      </div>
      <span className="analytics-skeleton__block analytics-skeleton__chart" />
      <div className="analytics-grid">
        <span className="analytics-skeleton__block analytics-skeleton__card" />
        <span className="analytics-skeleton__block analytics-skeleton__card" />
      </div>
    </div>
  );
}
