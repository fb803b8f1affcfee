import { countOf, formatCount, formatShare } from '../../../lib/analytics-format';
import type { OpensInRow } from '../utils/breakdowns';

interface OpensInSplitProps {
  rows: OpensInRow[];
}

/**
 * How many store clicks opened the store's app (where shoppers are signed in and buy) and how
 * many its website: a sentence, then one bar a way with its count and share.
 */
export function OpensInSplit({ rows }: OpensInSplitProps) {
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);
  const app = rows.find((row) => row.key === 'app');
  return (
    <section className="analytics-card" aria-labelledby="opens-in-title">
      <h2 id="opens-in-title" className="analytics-card__title">
        App or website
      </h2>
      {total === 0 ? (
        <p className="analytics-card__none">No store was clicked in this period.</p>
      ) : (
        <>
          <p className="analytics-card__lead">
            {app
              ? `${countOf(app.clicks, 'click', 'clicks')} of ${formatCount(total)} opened the store’s app, where shoppers are signed in.`
              : 'No click opened a store’s app in this period.'}
          </p>
          <table className="breakdown" aria-labelledby="opens-in-title">
            <thead>
              <tr>
                <th scope="col">Opened in</th>
                <th scope="col">Clicks</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="breakdown__name">
                    <span
                      className={`breakdown__bar opens-in__bar opens-in__bar--${row.key}`}
                      style={{ width: `${row.share * 100}%` }}
                      aria-hidden="true"
                    />
                    <span className="breakdown__label">{row.name}</span>
                  </th>
                  <td>{formatCount(row.clicks)}</td>
                  <td>{formatShare(row.clicks, total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
