import { formatCount, formatRate, sourceColor } from '../../../lib/analytics-format';
import type { RateRow } from '../utils/breakdowns';

interface SourcesTableProps {
  rows: RateRow[];
}

/**
 * Where shoppers came from (Instagram, WhatsApp, ...): each source's page views, store clicks
 * and click-through rate, so an owner sees which of their channels sells, not only which is
 * busy. A bar in the first cell shows each source's share of the busiest one.
 */
export function SourcesTable({ rows }: SourcesTableProps) {
  const most = Math.max(1, ...rows.map((row) => row.views + row.clicks));
  return (
    <section className="analytics-card" aria-labelledby="sources-title">
      <h2 id="sources-title" className="analytics-card__title">
        Where shoppers came from
      </h2>
      <p className="analytics-card__lead">
        The app a link was opened in, or the site it was tapped on.
      </p>
      {rows.length === 0 ? (
        <p className="analytics-card__none">No visits in this period.</p>
      ) : (
        <table className="breakdown" aria-labelledby="sources-title">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Views</th>
              <th scope="col">Clicks</th>
              <th scope="col">
                <abbr title="Click-through rate: clicks for every 100 views">Rate</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="breakdown__name">
                  <span
                    className="breakdown__bar breakdown__bar--tinted"
                    style={{
                      width: `${((row.views + row.clicks) / most) * 100}%`,
                      background: sourceColor(row.key),
                    }}
                    aria-hidden="true"
                  />
                  <span className="breakdown__label">{row.name}</span>
                </th>
                <td>{formatCount(row.views)}</td>
                <td>{formatCount(row.clicks)}</td>
                <td>
                  {row.rate === null ? (
                    <>
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">No views</span>
                    </>
                  ) : (
                    formatRate(row.rate)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
