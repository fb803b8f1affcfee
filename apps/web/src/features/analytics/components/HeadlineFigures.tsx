import type { AnalyticsTotals } from '@kartlink/contracts';
import {
  changeBetween,
  countOf,
  formatCount,
  formatRate,
  type Change,
} from '../../../lib/analytics-format';

interface HeadlineFiguresProps {
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  /** "the previous 30 days" */
  previousLabel: string;
}

const ARROWS: Record<Change['direction'], string> = { up: '↑', down: '↓', flat: '→', none: '' };
const SPOKEN: Record<Change['direction'], string> = {
  up: 'Up',
  down: 'Down',
  flat: 'No change',
  none: '',
};

function ChangeLine({ change, previousLabel }: { change: Change; previousLabel: string }) {
  if (change.direction === 'none') {
    return (
      <p className="figure__change figure__change--none">Nothing to compare in {previousLabel}</p>
    );
  }
  const shown =
    change.direction === 'flat'
      ? `${ARROWS.flat} 0%`
      : `${ARROWS[change.direction]} ${change.percent}`;
  return (
    <p className={`figure__change figure__change--${change.direction}`}>
      <span className="figure__delta" aria-hidden="true">
        {shown}
      </span>
      <span className="visually-hidden">
        {SPOKEN[change.direction]}
        {change.percent && ` ${change.percent}`}
      </span>{' '}
      vs {previousLabel}
    </p>
  );
}

/** The four numbers an owner checks first, each against the period just before. */
export function HeadlineFigures({ totals, previous, previousLabel }: HeadlineFiguresProps) {
  const figures = [
    {
      name: 'Views',
      hint: 'Times your shop page or a product page was opened',
      value: formatCount(totals.views),
      change: changeBetween(totals.views, previous.views),
    },
    {
      name: 'Unique visitors',
      hint: 'People who opened one of your pages, once a day each',
      value: formatCount(totals.uniqueVisitors),
      change: changeBetween(totals.uniqueVisitors, previous.uniqueVisitors),
    },
    {
      name: 'Clicks',
      hint: 'Times a visitor chose a store (repeated taps within 30 minutes count once)',
      value: formatCount(totals.clicks),
      change: changeBetween(totals.clicks, previous.clicks),
    },
    {
      name: 'Click-through rate',
      hint: 'Clicks for every 100 views',
      value: formatRate(totals.clickThroughRate),
      change: changeBetween(totals.clickThroughRate, previous.clickThroughRate),
      // From a product's page to a store: where the choice is made.
      more:
        totals.productViews > 0
          ? `From product pages: ${formatRate(totals.productClickThroughRate)} (${countOf(totals.productViews, 'view', 'views')})`
          : undefined,
    },
  ];
  return (
    <section className="figures" aria-label="Headline figures">
      {figures.map((figure) => (
        <div key={figure.name} className="figure" role="group" aria-label={figure.name}>
          <p className="figure__name">{figure.name}</p>
          <p className="figure__value">{figure.value}</p>
          <ChangeLine change={figure.change} previousLabel={previousLabel} />
          <p className="figure__hint">{figure.hint}</p>
          {'more' in figure && figure.more && <p className="figure__hint">{figure.more}</p>}
        </div>
      ))}
    </section>
  );
}
