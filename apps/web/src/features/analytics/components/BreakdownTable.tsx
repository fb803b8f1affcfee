import type { Breakdown } from '@kartlink/contracts';
import { useState } from 'react';
import { formatCount } from '../../../lib/analytics-format';

interface NamedBreakdown extends Breakdown {
  name: string;
}

/**
 * Slices named for people; slices that read the same (l.instagram.com and instagram.com are
 * both Instagram) become one. Most views and clicks first.
 */
export function named(rows: Breakdown[], nameOf: (key: string) => string): NamedBreakdown[] {
  const byName = new Map<string, NamedBreakdown>();
  for (const row of rows) {
    const name = nameOf(row.key);
    const merged = byName.get(name);
    if (merged) {
      merged.views += row.views;
      merged.clicks += row.clicks;
    } else byName.set(name, { ...row, name });
  }
  return [...byName.values()].sort((a, b) => b.views + b.clicks - (a.views + a.clicks));
}

interface BreakdownTableProps {
  title: string;
  /** The first column: Browser, Region, Source. */
  rowHeader: string;
  rows: NamedBreakdown[];
  /** Shown at first; the rest behind "Show all". */
  limit?: number;
}

/** A breakdown as a table whose first cell carries a bar: its share of the busiest row. */
export function BreakdownTable({ title, rowHeader, rows, limit = 6 }: BreakdownTableProps) {
  const [showAll, setShowAll] = useState(false);
  const headingId = `breakdown-${rowHeader.toLowerCase().replace(/\W+/g, '-')}`;
  const most = Math.max(1, ...rows.map((row) => row.views + row.clicks));
  const shown = showAll ? rows : rows.slice(0, limit);
  return (
    <section className="analytics-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="analytics-card__title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="analytics-card__none">No visits in this period.</p>
      ) : (
        <>
          <table className="breakdown" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                <th scope="col">Views</th>
                <th scope="col">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.name}>
                  <th scope="row" className="breakdown__name">
                    <span
                      className="breakdown__bar"
                      style={{ width: `${((row.views + row.clicks) / most) * 100}%` }}
                      aria-hidden="true"
                    />
                    <span className="breakdown__label">{row.name}</span>
                  </th>
                  <td>{formatCount(row.views)}</td>
                  <td>{formatCount(row.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > limit && (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={showAll}
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? 'Show fewer' : `Show all ${rows.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
