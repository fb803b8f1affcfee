import { useState } from 'react';
import { Link } from 'react-router';
import { BarsChart } from '../../../components/charts/BarsChart';
import { SERIES_COLORS } from '../../../components/charts/chart-types';
import { DailyChart } from '../../../components/charts/DailyChart';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { formatCount, storeColor, storeName } from '../../../lib/analytics-format';
import { lastDays, todayIn } from '../../../lib/analytics-range';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useProductAnalyticsQuery } from '../api/products-api';
import './ProductClicks.css';

const PERIODS = [7, 30, 90] as const;
const CLICKS = [{ key: 'clicks' as const, name: 'Clicks', color: SERIES_COLORS.clicks }];

/**
 * One product's clicks over the last 7, 30 or 90 days: by day and by store. Its own chunk,
 * loaded after the link's form, as it brings the chart library.
 */
export function ProductClicks({ productId }: { productId: string }) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const query = useProductAnalyticsQuery({ id: productId, ...lastDays(days, todayIn()) });
  const data = query.currentData ?? query.data;
  const period = `the last ${days} days`;

  let content;
  if (query.isError && !query.currentData) {
    content = (
      <div className="product-clicks__problem">
        <FormAlert>
          {userFacingMessage(httpStatusOf(query.error), serverMessageOf(query.error))}
        </FormAlert>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void query.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (!data) {
    content = <Spinner label="Loading clicks" />;
  } else {
    const stores = data.byStore
      .filter((row) => row.clicks > 0)
      .map((row) => ({ key: row.key, label: storeName(row.key), clicks: row.clicks }));
    content = (
      <div
        className={query.currentData ? 'product-clicks__body' : 'product-clicks__body is-updating'}
      >
        <p className="product-clicks__total">
          <strong>{formatCount(data.clicks)}</strong> {data.clicks === 1 ? 'click' : 'clicks'} in{' '}
          {period}
        </p>
        {data.clicks === 0 ? (
          <p className="product-clicks__none">
            Nobody has clicked this link in {period}. Share its short link in your posts, stories
            and chats to send shoppers straight to it.
          </p>
        ) : (
          <>
            <DailyChart
              title="Clicks by day"
              description={`Clicks on this product for each day of ${period}.`}
              data={data.daily}
              series={CLICKS}
              height={200}
            />
            <h3 className="product-clicks__subtitle">Clicks by store</h3>
            <BarsChart
              title="Clicks by store"
              description="Where shoppers chose to buy this product."
              rowHeader="Store"
              data={stores}
              series={CLICKS}
              colorOf={storeColor}
            />
          </>
        )}
      </div>
    );
  }

  return (
    <section className="product-clicks" aria-labelledby="product-clicks-title">
      <div className="product-clicks__head">
        <h2 id="product-clicks-title">Clicks</h2>
        <div className="product-clicks__periods" role="group" aria-label="Period">
          {PERIODS.map((n) => (
            <button
              key={n}
              type="button"
              className="product-clicks__period"
              aria-pressed={n === days}
              onClick={() => setDays(n)}
            >
              {n} days
            </button>
          ))}
        </div>
      </div>
      {content}
      <Link to="/dashboard/analytics" className="product-clicks__more">
        See your shop&apos;s full analytics
      </Link>
    </section>
  );
}
