import type { CSSProperties } from 'react';
import { formatCount } from '../../lib/analytics-format';

/** The chart tooltip in the theme's colours. */
export const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: '0.6rem',
  color: 'var(--color-text)',
  fontSize: '0.85rem',
};

interface LegendItem {
  key: string;
  name: string;
  color: string;
  /** Shown after the name: the series' total over the chart. */
  total?: number;
}

/** What each colour means, in HTML (readable and wrapping on a phone), not in the SVG. */
export function ChartLegend({ items }: { items: LegendItem[] }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.key} className="chart-legend__item">
          <span
            className="chart-legend__swatch"
            style={{ background: item.color }}
            aria-hidden="true"
          />
          {item.name}
          {item.total !== undefined && (
            <strong className="chart-legend__total">{formatCount(item.total)}</strong>
          )}
        </li>
      ))}
    </ul>
  );
}
