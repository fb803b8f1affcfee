import type { TopProduct } from '@kartlink/contracts';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { countOf, formatCount, formatRate, storeName } from '../../../lib/analytics-format';
import type { DayRange } from '../../../lib/analytics-range';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useAnalyticsProductFiguresQuery } from '../api/analytics-api';
import { opensInRows, sourceRows } from '../utils/breakdowns';

interface ProductFiguresProps {
  products: TopProduct[];
  range: DayRange;
}

/** A short list of name and count, with a bar of each row's share of the first (the most). */
function CountList({
  title,
  product,
  rows,
}: {
  title: string;
  /** Names the table apart from the shop's own: "Clicks by store of Kurta". */
  product: string;
  rows: { key: string; name: string; count: number }[];
}) {
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    <div className="product-figures__list">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="analytics-card__none">None in this period.</p>
      ) : (
        <table className="breakdown" aria-label={`${title} of ${product}`}>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="breakdown__name">
                  <span
                    className="breakdown__bar"
                    style={{ width: `${(row.count / most) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className="breakdown__label">{row.name}</span>
                </th>
                <td>{formatCount(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * One of the top products, chosen from a list: its page views, clicks and click-through rate,
 * and its clicks by store, by source and by the store's app or website.
 */
export function ProductFigures({ products, range }: ProductFiguresProps) {
  const [chosen, setChosen] = useState(products[0]?.productId ?? '');
  const id = products.some((p) => p.productId === chosen) ? chosen : (products[0]?.productId ?? '');
  const query = useAnalyticsProductFiguresQuery({ id, ...range }, { skip: !id });
  const data = query.currentData;
  if (products.length === 0) return null;

  let content;
  if (query.isError && !data) {
    content = (
      <FormAlert>
        {userFacingMessage(httpStatusOf(query.error), serverMessageOf(query.error))}
      </FormAlert>
    );
  } else if (!data) {
    content = <Spinner label="Loading the product’s figures" />;
  } else {
    const stores = data.byStore
      .filter((row) => row.clicks > 0)
      .map((row) => ({ key: row.key, name: storeName(row.key), count: row.clicks }));
    const sources = sourceRows(data.bySource)
      .filter((row) => row.clicks > 0)
      .map((row) => ({ key: row.key, name: row.name, count: row.clicks }));
    const opened = opensInRows(data.byOpensIn).map((row) => ({
      key: row.key,
      name: row.name,
      count: row.clicks,
    }));
    content = (
      <>
        <p className="product-figures__summary">
          {countOf(data.views, 'view', 'views')} of its page,{' '}
          {countOf(data.clicks, 'click', 'clicks')}
          {data.views > 0 ? ` (${formatRate(data.clickThroughRate)} click-through)` : ''}
          {data.taps > data.clicks ? `, ${countOf(data.taps, 'tap', 'taps')} on stores` : ''}.
        </p>
        <div className="product-figures__lists">
          <CountList title="Clicks by store" product={data.product.title} rows={stores} />
          <CountList title="Clicks by source" product={data.product.title} rows={sources} />
          <CountList title="App or website" product={data.product.title} rows={opened} />
        </div>
      </>
    );
  }

  return (
    <section className="analytics-card product-figures" aria-labelledby="product-figures-title">
      <h2 id="product-figures-title" className="analytics-card__title">
        One product’s figures
      </h2>
      <label className="product-figures__choice">
        <span>Product</span>
        <select
          className="field__input"
          value={id}
          onChange={(event) => setChosen(event.target.value)}
        >
          {products.map((product) => (
            <option key={product.productId} value={product.productId}>
              {product.title}
            </option>
          ))}
        </select>
      </label>
      <div aria-live="polite">{content}</div>
    </section>
  );
}
