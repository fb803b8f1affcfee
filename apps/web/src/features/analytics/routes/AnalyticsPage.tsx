import type { AnalyticsOverview } from '@kartlink/contracts';
import { Link, useSearchParams } from 'react-router';
import { BarsChart } from '../../../components/charts/BarsChart';
import { SERIES_COLORS } from '../../../components/charts/chart-types';
import { DailyChart } from '../../../components/charts/DailyChart';
import { FormAlert } from '../../../components/form/FormAlert';
import {
  browserName,
  countOf,
  deviceName,
  formatCount,
  referrerName,
  regionName,
  storeColor,
  storeName,
} from '../../../lib/analytics-format';
import {
  daysIn,
  describeRange,
  lastDays,
  todayIn,
  type DayRange,
} from '../../../lib/analytics-range';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useAnalyticsOverviewQuery } from '../api/analytics-api';
import { BreakdownTable, named } from '../components/BreakdownTable';
import { AnalyticsSkeleton, NoVisitsInRange, NoVisitsYet } from '../components/EmptyStates';
import { ExportCsvButton } from '../components/ExportCsvButton';
import { HeadlineFigures } from '../components/HeadlineFigures';
import { RangePicker } from '../components/RangePicker';
import { OpensInSplit } from '../components/OpensInSplit';
import { ProductFigures } from '../components/ProductFigures';
import { SourcesTable } from '../components/SourcesTable';
import { TopProducts } from '../components/TopProducts';
import { opensInRows, sourceRows } from '../utils/breakdowns';
import {
  choiceFromParams,
  paramsOfChoice,
  previousPeriodLabel,
  rangeOfChoice,
  type RangeChoice,
} from '../utils/range-choice';
import './analytics.css';

/** How far back the page looks to tell a new shop from a quiet period. */
const LOOKBACK_DAYS = 366;

const VIEWS_AND_CLICKS = [
  { key: 'views' as const, name: 'Views', color: SERIES_COLORS.views },
  { key: 'clicks' as const, name: 'Clicks', color: SERIES_COLORS.clicks },
];
const CLICKS = [{ key: 'clicks' as const, name: 'Clicks', color: SERIES_COLORS.clicks }];

const hasVisits = (overview: AnalyticsOverview | undefined) =>
  Boolean(overview && overview.totals.views + overview.totals.clicks > 0);

/**
 * "12 visits by bots and link previews and 3 of your own visits were left out.": why the
 * figures can be lower than a server log.
 */
function excludedSentence({ bots, owner }: AnalyticsOverview['excluded']): string | null {
  const parts = [
    bots > 0 ? `${countOf(bots, 'visit', 'visits')} by bots and link previews` : null,
    owner > 0 ? `${formatCount(owner)} of your own visits` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const single = parts.length === 1 && (bots > 0 ? bots : owner) === 1;
  return `${parts.join(' and ')} ${single ? 'was' : 'were'} left out.`;
}

/** /dashboard/analytics: the owner's shop visits and clicks over a chosen range. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const { choice, problem } = choiceFromParams(params, today);
  const range = rangeOfChoice(choice, today);
  const query = useAnalyticsOverviewQuery(range);
  const overview = query.data;
  const stale = !query.currentData;

  // An empty range: has this shop had any visit in the last year, or is it brand new?
  const rangeEmpty = Boolean(query.currentData && !hasVisits(query.currentData));
  const lookback = useAnalyticsOverviewQuery(lastDays(LOOKBACK_DAYS, today), {
    skip: !rangeEmpty,
  });
  const newShop = rangeEmpty && lookback.currentData && !hasVisits(lookback.currentData);
  const deciding = rangeEmpty && lookback.isFetching && !lookback.currentData;

  const choose = (next: RangeChoice) => setParams(paramsOfChoice(next));
  const previousLabel = previousPeriodLabel(range);

  let content;
  if (query.isError && !query.currentData) {
    content = <LoadProblem error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!overview || deciding) {
    content = <AnalyticsSkeleton />;
  } else if (newShop) {
    content = (
      <>
        <NoVisitsYet />
        <Excluded overview={overview} />
      </>
    );
  } else if (rangeEmpty) {
    content = (
      <>
        <HeadlineFigures
          totals={overview.totals}
          previous={overview.previous}
          previousLabel={previousLabel}
        />
        <NoVisitsInRange period={describeRange(range)} widen={widerThan(range, today, choose)} />
        <Excluded overview={overview} />
      </>
    );
  } else {
    content = <Overview overview={overview} previousLabel={previousLabel} />;
  }

  return (
    <div className="analytics-page">
      <div className="analytics-page__header">
        <div>
          <h1>Analytics</h1>
          <p className="analytics-page__lead">
            How many people visit your shop, and which products and stores they click.
          </p>
        </div>
        <div className="analytics-page__exports">
          <ExportCsvButton range={range} disabled={!query.currentData} />
          <ExportCsvButton range={range} rows="products" disabled={!query.currentData} />
        </div>
      </div>

      <RangePicker
        key={params.toString()}
        choice={choice}
        range={range}
        today={today}
        onChoose={choose}
      />
      {problem && <FormAlert tone="info">{problem}</FormAlert>}
      <p className="analytics-page__period">
        {describeRange(range)} · compared with {previousLabel}
      </p>

      <div
        className={stale && overview ? 'analytics-page__body is-updating' : 'analytics-page__body'}
        aria-busy={query.isFetching}
      >
        {content}
      </div>
    </div>
  );
}

/** A longer range worth trying after an empty one, if any. */
function widerThan(range: DayRange, today: string, choose: (choice: RangeChoice) => void) {
  const days = daysIn(range);
  if (days < 90)
    return {
      label: 'Show the last 90 days',
      onClick: () => choose({ kind: 'preset', days: 90 }),
    };
  if (days < 365)
    return {
      label: 'Show the last 12 months',
      onClick: () => choose({ kind: 'custom', ...lastDays(365, today) }),
    };
  return undefined;
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = httpStatusOf(error);
  const body = (error as { data?: { requiresSetup?: boolean } } | undefined)?.data;
  if (status === 404 && body?.requiresSetup) {
    return (
      <section className="analytics-empty" aria-labelledby="setup-first-title">
        <h2 id="setup-first-title">Set up your shop first</h2>
        <p>Its analytics start with its first visit.</p>
        <Link to="/shop/setup" className="button button--primary">
          Set up my shop
        </Link>
      </section>
    );
  }
  return (
    <div className="analytics-problem">
      <FormAlert>{userFacingMessage(status, serverMessageOf(error))}</FormAlert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Excluded({ overview }: { overview: AnalyticsOverview }) {
  const sentence = excludedSentence(overview.excluded);
  if (!sentence) return null;
  return (
    <p className="analytics-excluded">
      {sentence} Only real shoppers are counted in these figures.
    </p>
  );
}

function Overview({
  overview,
  previousLabel,
}: {
  overview: AnalyticsOverview;
  previousLabel: string;
}) {
  const stores = overview.byStore
    .filter((row) => row.clicks > 0)
    .map((row) => ({ key: row.key, label: storeName(row.key), clicks: row.clicks }));
  const devices = named(overview.byDevice, deviceName).map((row) => ({
    key: row.key,
    label: row.name,
    views: row.views,
    clicks: row.clicks,
  }));
  return (
    <>
      <HeadlineFigures
        totals={overview.totals}
        previous={overview.previous}
        previousLabel={previousLabel}
      />

      <section className="analytics-card" aria-labelledby="daily-title">
        <h2 id="daily-title" className="analytics-card__title">
          Views and clicks by day
        </h2>
        <DailyChart
          title="Views and clicks by day"
          description={`Page views and store clicks for each day from ${describeRange(overview.range)}.`}
          data={overview.daily}
          series={VIEWS_AND_CLICKS}
        />
      </section>

      <div className="analytics-grid">
        <section className="analytics-card" aria-labelledby="stores-title">
          <h2 id="stores-title" className="analytics-card__title">
            Clicks by store
          </h2>
          {stores.length === 0 ? (
            <p className="analytics-card__none">No store was clicked in this period.</p>
          ) : (
            <BarsChart
              title="Clicks by store"
              description="How many clicks went to each store."
              rowHeader="Store"
              data={stores}
              series={CLICKS}
              colorOf={storeColor}
            />
          )}
        </section>
        <section className="analytics-card" aria-labelledby="devices-title">
          <h2 id="devices-title" className="analytics-card__title">
            Devices
          </h2>
          {devices.length === 0 ? (
            <p className="analytics-card__none">No visits in this period.</p>
          ) : (
            <BarsChart
              title="Views and clicks by device"
              description="Shop views and store clicks from mobiles, tablets and computers."
              rowHeader="Device"
              data={devices}
              series={VIEWS_AND_CLICKS}
            />
          )}
        </section>
      </div>

      <div className="analytics-grid">
        <SourcesTable rows={sourceRows(overview.bySource)} />
        <OpensInSplit rows={opensInRows(overview.byOpensIn)} />
      </div>

      <TopProducts products={overview.topProducts} totalClicks={overview.totals.clicks} />
      <ProductFigures
        products={overview.topProducts}
        range={{ from: overview.range.from, to: overview.range.to }}
      />

      <div className="analytics-grid analytics-grid--three">
        <BreakdownTable
          title="Browsers"
          rowHeader="Browser"
          rows={named(overview.byBrowser, browserName)}
        />
        <BreakdownTable
          title="Regions"
          rowHeader="Region"
          rows={named(overview.byRegion, regionName)}
        />
        <BreakdownTable
          title="Referring sites"
          rowHeader="Site"
          rows={named(overview.byReferrer, referrerName)}
        />
      </div>

      <Excluded overview={overview} />
      <Definitions />
    </>
  );
}

/** What each figure counts, the same on this page, in the CSV and on a link's own page. */
function Definitions() {
  return (
    <details className="analytics-definitions">
      <summary>How these figures are counted</summary>
      <dl>
        <dt>Views</dt>
        <dd>
          Every time your shop page or one of your product pages is opened, including a product link
          opened straight from Instagram or WhatsApp.
        </dd>
        <dt>Unique visitors</dt>
        <dd>
          People who opened at least one of your pages that day, each counted once however many
          pages they opened. Over several days each day&apos;s visitors are added up, so someone who
          comes back another day counts again. A day never has more visitors than views.
        </dd>
        <dt>Clicks</dt>
        <dd>
          Every time a visitor chose a store to buy from. Taps on the same store of the same product
          by the same visitor within 30 minutes count as one click.
        </dd>
        <dt>Click-through rate</dt>
        <dd>Clicks for every 100 views. For a product, for every 100 views of its own page.</dd>
        <dt>Source</dt>
        <dd>
          The app your link was opened in (Instagram, Facebook), or the site or app it was tapped in
          (WhatsApp, YouTube, X, Telegram). WhatsApp often opens links without saying so: add{' '}
          <code>?utm_source=whatsapp</code> to the links you share there. Direct: typed, bookmarked
          or with no trace of where it came from. A store click counts for the source of the visit
          it followed.
        </dd>
        <dt>App or website</dt>
        <dd>
          Whether a click opened the store&apos;s app on the phone (where shoppers are signed in) or
          its website.
        </dd>
      </dl>
      <p>
        Visits by bots, link previews and pages loaded ahead of a tap, and your own visits while
        signed in, are left out of every figure.
      </p>
    </details>
  );
}
