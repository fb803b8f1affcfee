import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  busyOverview,
  emptyOverview,
  freezeToday,
  productAnalytics,
  TEST_TODAY,
} from '../../../test/analytics-fixtures';
import { statusOf, testShop } from '../../../test/fixtures';
import { captureDownloads, textOf } from '../../../test/downloads';
import {
  fail,
  file,
  mockApi,
  ok,
  type ApiCall,
  type Handler,
  type Reply,
} from '../../../test/mock-api';
import { renderApp, TEST_ACCESS_TOKEN, TEST_USER } from '../../../test/render-app';
import { TEST_PUBLIC_URL } from '../../../test/public-url';

const OVERVIEW = 'GET /analytics/overview';
const SAREE = '0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11';
const DUPATTA = '5d1c7a2e-1f3b-4c5d-8e9f-0a1b2c3d4e5f';
/** The saree's own figures, as GET /analytics/products/{id} answers them. */
const sareeFigures = (call: ApiCall) => {
  const { from, to } = rangeOf(call);
  return ok(
    productAnalytics(SAREE, from ?? '', to ?? '', {
      bySource: [
        { key: 'instagram', views: 30, clicks: 10 },
        { key: 'whatsapp', views: 10, clicks: 4 },
      ],
      byOpensIn: [
        { key: 'app', views: 0, clicks: 11 },
        { key: 'web', views: 0, clicks: 3 },
      ],
    }),
  );
};
// 15 March 2026, India: the last 30, 7, 90 and 366 days.
const LAST_30 = { from: '2026-02-14', to: TEST_TODAY };
const LAST_7 = { from: '2026-03-09', to: TEST_TODAY };
const LAST_90 = { from: '2025-12-16', to: TEST_TODAY };
const LAST_366 = { from: '2025-03-15', to: TEST_TODAY };

const rangeOf = (call: ApiCall) => {
  const query = new URLSearchParams(call.path.split('?')[1]);
  return { from: query.get('from'), to: query.get('to') };
};

/** Answers each overview call with what `answer` gives for its range. */
function openAnalytics(
  answer: (range: { from: string; to: string }) => Reply | Promise<Reply>,
  path = '/dashboard/analytics',
  more: Record<string, Handler> = {},
) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    [OVERVIEW]: (call) => {
      const { from, to } = rangeOf(call);
      return answer({ from: from ?? '', to: to ?? '' });
    },
    [`GET /analytics/products/${SAREE}`]: sareeFigures,
    ...more,
  });
  const app = renderApp(path, { user: TEST_USER });
  return { ...app, api, overviewRanges: () => api.callsTo(OVERVIEW).map(rangeOf) };
}

const busy = ({ from, to }: { from: string; to: string }) => ok(busyOverview(from, to));
const figure = (name: string) => screen.findByRole('group', { name });

beforeEach(() => {
  freezeToday();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the analytics page', () => {
  it('shows a skeleton while the figures load', async () => {
    let release: () => void = () => undefined;
    openAnalytics(
      (range) =>
        new Promise((resolve) => {
          release = () => resolve(busy(range));
        }),
    );
    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    release();
    expect(await figure('Views')).toHaveTextContent('1,23,456');
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
  });

  it('shows the headline figures in Indian format, with their change and the rate', async () => {
    const { overviewRanges } = openAnalytics(busy);

    const views = await figure('Views');
    expect(within(views).getByText('1,23,456')).toBeInTheDocument();
    expect(within(views).getByText('↑ 25%')).toBeInTheDocument();
    expect(views).toHaveTextContent('Up 25% vs the previous 30 days');

    const visitors = screen.getByRole('group', { name: 'Unique visitors' });
    expect(within(visitors).getByText('61,000')).toBeInTheDocument();
    expect(visitors).toHaveTextContent('Nothing to compare in the previous 30 days');

    const clicks = screen.getByRole('group', { name: 'Clicks' });
    expect(within(clicks).getByText('15,185')).toBeInTheDocument();
    expect(within(clicks).getByText('↓ 10%')).toBeInTheDocument();

    const rate = screen.getByRole('group', { name: 'Click-through rate' });
    expect(within(rate).getByText('12.3%')).toBeInTheDocument();
    expect(rate).toHaveTextContent('From product pages: 30.4% (50,000 views)');
    expect(within(rate).getByText('↓ 28%')).toBeInTheDocument();

    expect(overviewRanges()).toEqual([LAST_30]);
    expect(
      screen.getByText('14 Feb – 15 Mar 2026 · compared with the previous 30 days'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what each figure counts: product pages are views, and a visitor opened a page', async () => {
    const { user } = openAnalytics(busy);
    const views = await figure('Views');
    expect(views).toHaveTextContent('Times your shop page or a product page was opened');
    expect(screen.getByRole('group', { name: 'Unique visitors' })).toHaveTextContent(
      'People who opened one of your pages, once a day each',
    );

    const how = screen.getByText('How these figures are counted');
    await user.click(how);
    const definitions = how.closest('details')!;
    expect(definitions).toHaveAttribute('open');
    const term = (name: string) => within(definitions).getByText(name, { selector: 'dt' });
    expect(term('Views').nextElementSibling).toHaveTextContent(
      'Every time your shop page or one of your product pages is opened',
    );
    expect(term('Unique visitors').nextElementSibling).toHaveTextContent(
      'A day never has more visitors than views.',
    );
    expect(term('Click-through rate').nextElementSibling).toHaveTextContent(
      'Clicks for every 100 views.',
    );
    expect(term('Clicks').nextElementSibling).toHaveTextContent(
      'Taps on the same store of the same product by the same visitor within 30 minutes count as one click.',
    );
  });

  it('charts the days, stores and devices, with their figures in tables', async () => {
    openAnalytics(busy);
    const daily = await screen.findByRole('table', { name: 'Views and clicks by day' });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    const today = within(daily).getByRole('row', { name: /Sun, 15 Mar, 2026/ });
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4,321', '987']);
    // The legend gives each series its total.
    const legend = screen.getByRole('region', { name: 'Views and clicks by day' });
    expect(within(legend).getByRole('list')).toHaveTextContent('Views4,727Clicks987');

    const stores = screen.getByRole('table', { name: 'Clicks by store' });
    expect(
      within(stores)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Amazon', 'Flipkart', 'Nykaa']);
    expect(within(stores).getByRole('row', { name: 'Amazon 9,000' })).toBeInTheDocument();

    const devices = screen.getByRole('table', { name: 'Views and clicks by device' });
    expect(
      within(devices).getByRole('row', { name: 'Mobile 1,00,000 14,000' }),
    ).toBeInTheDocument();
  });

  it('lists the top products with their share, and where visitors came from', async () => {
    openAnalytics(busy);
    const top = await screen.findByRole('table', { name: 'Top products' });
    const saree = within(top).getByRole('row', { name: /Pochampally ikat saree/ });
    expect(within(saree).getByRole('link', { name: 'Pochampally ikat saree' })).toHaveAttribute(
      'href',
      '/dashboard/link/0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11',
    );
    expect(
      within(saree)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7,592', '50%', '38% of 20,000 views']);
    expect(
      within(top).getByRole('row', { name: /Kalamkari dupatta 100 <1% – no page views/ }),
    ).toBeVisible();

    const sources = screen.getByRole('table', { name: 'Referring sites' });
    // l.instagram.com and instagram.com are one source.
    expect(within(sources).getByRole('row', { name: 'Instagram 80,000 0' })).toBeInTheDocument();
    expect(
      within(sources).getByRole('row', { name: 'Direct or in-app 43,456 15,185' }),
    ).toBeInTheDocument();
    const regions = screen.getByRole('table', { name: 'Regions' });
    expect(within(regions).getByRole('row', { name: 'India 1,20,000 15,000' })).toBeVisible();
    expect(
      within(regions).getByRole('row', { name: 'United Arab Emirates 3,456 185' }),
    ).toBeVisible();
    expect(screen.getByRole('table', { name: 'Browsers' })).toHaveTextContent('Instagram');

    expect(
      screen.getByText(
        '1,234 visits by bots and link previews and 56 of your own visits were left out.',
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('shows where shoppers came from with each source’s rate, and how many clicks opened the app', async () => {
    openAnalytics(busy);
    const sources = await screen.findByRole('table', { name: 'Where shoppers came from' });
    expect(
      within(sources)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Instagram80,00010,00012.5%', 'WhatsApp30,0004,50015%', 'Direct13,4566855.1%']);

    const opened = screen.getByRole('table', { name: 'App or website' });
    expect(within(opened).getByRole('row', { name: 'Store’s app 10,000 66%' })).toBeVisible();
    expect(within(opened).getByRole('row', { name: 'Store’s website 5,185 34%' })).toBeVisible();
    expect(
      screen.getByText(
        '10,000 clicks of 15,185 opened the store’s app, where shoppers are signed in.',
      ),
    ).toBeVisible();
  });

  it('shows one product’s clicks by store, source and app or website, for the product chosen', async () => {
    const { user, api } = openAnalytics(busy, undefined, {
      [`GET /analytics/products/${DUPATTA}`]: (call: ApiCall) => {
        const { from, to } = rangeOf(call);
        return ok(
          productAnalytics(DUPATTA, from ?? '', to ?? '', {
            product: { id: DUPATTA, title: 'Kalamkari dupatta', shortCode: 'd8upt7a' },
            views: 0,
            clicks: 2,
            taps: 2,
            clickThroughRate: 0,
            byStore: [{ key: 'myntra', views: 0, clicks: 2 }],
          }),
        );
      },
    });
    const card = await screen.findByRole('region', { name: 'One product’s figures' });
    expect(within(card).getByRole('combobox', { name: 'Product' })).toHaveValue(SAREE);
    expect(
      await within(card).findByText(
        '40 views of its page, 14 clicks (35% click-through), 15 taps on stores.',
      ),
    ).toBeVisible();
    const rows = (name: string) =>
      within(within(card).getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(rows('Clicks by store of Pochampally ikat saree')).toEqual(['Amazon9', 'Flipkart5']);
    expect(rows('Clicks by source of Pochampally ikat saree')).toEqual([
      'Instagram10',
      'WhatsApp4',
    ]);
    expect(rows('App or website of Pochampally ikat saree')).toEqual([
      'Store’s app11',
      'Store’s website3',
    ]);
    expect(api.callsTo(`GET /analytics/products/${SAREE}`)[0].path).toBe(
      `/analytics/products/${SAREE}?from=2026-02-14&to=2026-03-15`,
    );

    await user.selectOptions(within(card).getByRole('combobox', { name: 'Product' }), DUPATTA);
    expect(await within(card).findByText('0 views of its page, 2 clicks.')).toBeVisible();
    expect(rows('Clicks by store of Kalamkari dupatta')).toEqual(['Myntra2']);
    expect(within(card).getAllByText('None in this period.')).toHaveLength(2);
  });

  it('says what failed and tries again', async () => {
    let calls = 0;
    const { user } = openAnalytics((range) =>
      ++calls === 1
        ? fail(503, 'Analytics are unavailable right now.', 'SERVICE_UNAVAILABLE')
        : busy(range),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Analytics are unavailable right now.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Views')).toHaveTextContent('1,23,456');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends an owner without a shop to set it up', async () => {
    openAnalytics(() => ({
      status: 404,
      body: {
        success: false,
        error: 'Set up your shop first: its analytics start with its first visit.',
        errorCode: 'NOT_FOUND',
        requiresSetup: true,
      },
    }));
    expect(
      await screen.findByRole('heading', { name: 'Set up your shop first' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up my shop' })).toHaveAttribute(
      'href',
      '/shop/setup',
    );
  });

  it('tells a new owner how to get a first visit', async () => {
    const { user, overviewRanges } = openAnalytics(({ from, to }) =>
      ok(emptyOverview(from, to, { excluded: { bots: 0, owner: 2 } })),
    );
    expect(await screen.findByRole('heading', { name: 'No visits yet' })).toBeInTheDocument();
    // Nothing in the last 30 days, nor in the last year: a new shop, not a quiet month.
    expect(overviewRanges()).toEqual([LAST_30, LAST_366]);
    expect(screen.queryByRole('group', { name: 'Views' })).not.toBeInTheDocument();

    const address = `${TEST_PUBLIC_URL}/asha-crafts`;
    expect(await screen.findByRole('link', { name: address })).toHaveAttribute('href', address);
    await user.click(screen.getByRole('button', { name: 'Copy shop link' }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(screen.getByRole('link', { name: 'Create a product link' })).toHaveAttribute(
      'href',
      '/dashboard/create-link',
    );
    expect(screen.getByText(/^2 of your own visits were left out\./)).toBeInTheDocument();
  });

  it('says when a period had no visits, and widens it', async () => {
    const { user, router, overviewRanges } = openAnalytics(({ from, to }) =>
      from === LAST_30.from ? ok(emptyOverview(from, to)) : busy({ from, to }),
    );
    expect(
      await screen.findByRole('heading', { name: 'No visits in this period' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nobody opened your shop .* in 14 Feb – 15 Mar 2026\./)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Views' })).toHaveTextContent('0');

    await user.click(screen.getByRole('button', { name: 'Show the last 90 days' }));
    expect(await figure('Views')).toHaveTextContent('1,23,456');
    expect(router.state.location.search).toBe('?range=90');
    expect(overviewRanges()).toEqual([LAST_30, LAST_366, LAST_90]);
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches ranges through the address', async () => {
    const { user, router, overviewRanges } = openAnalytics(busy);
    await figure('Views');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(overviewRanges()).toEqual([LAST_30, LAST_7]));
    expect(router.state.location.search).toBe('?range=7');
    expect(await screen.findByText(/compared with the previous 7 days/)).toBeVisible();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('opens on the range its address names', async () => {
    const { overviewRanges } = openAnalytics(
      busy,
      '/dashboard/analytics?from=2026-01-01&to=2026-01-31',
    );
    expect(await figure('Views')).toHaveTextContent('1,23,456');
    expect(overviewRanges()).toEqual([{ from: '2026-01-01', to: '2026-01-31' }]);
    expect(
      screen.getByText('1 Jan – 31 Jan 2026 · compared with the previous 31 days'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
  });

  it('shows the default range, and why, for an address with impossible dates', async () => {
    const { overviewRanges } = openAnalytics(
      busy,
      '/dashboard/analytics?from=2026-03-20&to=2026-03-01',
    );
    expect(await figure('Views')).toBeInTheDocument();
    expect(overviewRanges()).toEqual([LAST_30]);
    expect(
      screen.getByText(
        'The start date must be on or before the end date. Showing the last 30 days instead.',
      ),
    ).toBeVisible();
  });

  it('checks a custom range before showing it', async () => {
    const { user, router, overviewRanges } = openAnalytics(busy);
    await figure('Views');
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(from).toHaveValue(LAST_30.from);

    await user.clear(from);
    await user.click(apply);
    expect(from).toHaveAccessibleDescription('Choose a start date.');

    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(apply);
    expect(to).toHaveAccessibleDescription('The start date must be on or before the end date.');

    await user.clear(to);
    await user.type(to, '2026-03-16');
    await user.click(apply);
    expect(to).toHaveAccessibleDescription('The end date cannot be after today.');

    await user.clear(from);
    await user.type(from, '2025-03-01');
    await user.clear(to);
    await user.type(to, '2026-03-15');
    await user.click(apply);
    expect(to).toHaveAccessibleDescription('A range can span at most 366 days.');
    expect(overviewRanges()).toEqual([LAST_30]);

    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.click(apply);
    await waitFor(() =>
      expect(overviewRanges()).toEqual([LAST_30, { from: '2026-03-01', to: '2026-03-15' }]),
    );
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-15');
    expect(
      await screen.findByText(/1 Mar – 15 Mar 2026 · compared with the previous 15 days/),
    ).toBeVisible();
  });

  it('exports the range as CSV, with the session, as a file', async () => {
    const csv = 'date,views,unique_visitors,clicks,click_through_rate\n2026-03-15,10,8,2,0.2000\n';
    const filename = 'kartlink-asha-crafts-2026-02-14-to-2026-03-15.csv';
    const { user, api } = openAnalytics(busy, undefined, {
      'GET /analytics/export.csv': file(csv, 'text/csv; charset=utf-8', filename),
    });
    await figure('Views');
    const downloads = captureDownloads();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo('GET /analytics/export.csv')).toEqual([
      expect.objectContaining({
        path: '/analytics/export.csv?from=2026-02-14&to=2026-03-15',
        authorization: `Bearer ${TEST_ACCESS_TOKEN}`,
      }),
    ]);
    expect(downloads[0].name).toBe(filename);
    expect(downloads[0].href).toBe('blob:http://localhost:3000/file-1');
    expect(await textOf(downloads[0].blob)).toBe(csv);
    expect(api.callsTo(OVERVIEW)).toHaveLength(1);
  });

  it('exports each product’s figures as CSV too', async () => {
    const csv = 'product,short_code,views,clicks\nKurta,k3x9abc,10,2\n';
    const filename = 'kartlink-asha-crafts-products-2026-02-14-to-2026-03-15.csv';
    const { user, api } = openAnalytics(busy, undefined, {
      'GET /analytics/products.csv': file(csv, 'text/csv; charset=utf-8', filename),
    });
    await figure('Views');
    const downloads = captureDownloads();

    await user.click(screen.getByRole('button', { name: 'Export products CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(api.callsTo('GET /analytics/products.csv')).toEqual([
      expect.objectContaining({
        path: '/analytics/products.csv?from=2026-02-14&to=2026-03-15',
        authorization: `Bearer ${TEST_ACCESS_TOKEN}`,
      }),
    ]);
    expect(downloads[0].name).toBe(filename);
    expect(await textOf(downloads[0].blob)).toBe(csv);
  });

  it('says when the export fails', async () => {
    const { user } = openAnalytics(busy);
    await figure('Views');
    // No export route is mocked: it answers 404.
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Route not found')).toBeInTheDocument();
  });
});
