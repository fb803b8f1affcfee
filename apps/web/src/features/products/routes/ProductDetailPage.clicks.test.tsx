import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freezeToday, productAnalytics, TEST_TODAY } from '../../../test/analytics-fixtures';
import { statusOf, testProduct, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok, type ApiCall, type Reply } from '../../../test/mock-api';
import { renderApp, TEST_ACCESS_TOKEN, TEST_USER } from '../../../test/render-app';

const SAREE = testProduct();
const CLICKS = `GET /analytics/products/${SAREE.id}`;

const rangeOf = (call: ApiCall) => {
  const query = new URLSearchParams(call.path.split('?')[1]);
  return { from: query.get('from'), to: query.get('to') };
};

function openDetail(answer: (range: { from: string; to: string }) => Reply) {
  const api = mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    [`GET /urls/${SAREE.id}`]: ok(SAREE),
    [CLICKS]: (call) => {
      const { from, to } = rangeOf(call);
      return answer({ from: from ?? '', to: to ?? '' });
    },
  });
  const app = renderApp(`/dashboard/link/${SAREE.id}`, { user: TEST_USER });
  return { ...app, api, clickRanges: () => api.callsTo(CLICKS).map(rangeOf) };
}

const clicksOf = ({ from, to }: { from: string; to: string }) =>
  ok(productAnalytics(SAREE.id, from, to));
const section = () => screen.findByRole('region', { name: 'Clicks' });

beforeEach(() => {
  freezeToday();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a product's clicks", () => {
  it('shows the last 30 days by day and by store, and leads to the full analytics', async () => {
    const { api, clickRanges } = openDetail(clicksOf);
    const clicks = await section();
    expect(await within(clicks).findByText(/clicks in the last 30 days/)).toHaveTextContent(
      '14 clicks in the last 30 days',
    );

    const byDay = within(clicks).getByRole('table', { name: 'Clicks by day' });
    expect(within(byDay).getAllByRole('row')).toHaveLength(31);
    expect(within(byDay).getByRole('row', { name: 'Sun, 15 Mar, 2026 12' })).toBeInTheDocument();
    expect(within(byDay).getByRole('row', { name: 'Sat, 14 Mar, 2026 2' })).toBeInTheDocument();

    const byStore = within(clicks).getByRole('table', { name: 'Clicks by store' });
    expect(
      within(byStore)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Amazon9', 'Flipkart5']);

    expect(
      within(clicks).getByRole('link', { name: "See your shop's full analytics" }),
    ).toHaveAttribute('href', '/dashboard/analytics');
    expect(clickRanges()).toEqual([{ from: '2026-02-14', to: TEST_TODAY }]);
    expect(api.callsTo(CLICKS)[0].authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });

  it('shows another period on request', async () => {
    const { user, clickRanges } = openDetail(clicksOf);
    const clicks = await section();
    await within(clicks).findByRole('table', { name: 'Clicks by day' });
    await user.click(within(clicks).getByRole('button', { name: '7 days' }));
    expect(await within(clicks).findByText(/clicks in the last 7 days/)).toBeVisible();
    await waitFor(() =>
      expect(
        within(clicks).getByRole('table', { name: 'Clicks by day' }).querySelectorAll('tbody tr'),
      ).toHaveLength(7),
    );
    expect(clickRanges()).toEqual([
      { from: '2026-02-14', to: TEST_TODAY },
      { from: '2026-03-09', to: TEST_TODAY },
    ]);
    expect(within(clicks).getByRole('button', { name: '7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when nobody clicked it yet', async () => {
    openDetail(({ from, to }) =>
      ok(productAnalytics(SAREE.id, from, to, { clicks: 0, daily: [], byStore: [] })),
    );
    const clicks = await section();
    expect(
      await within(clicks).findByText(/Nobody has clicked this link in the last 30 days\./),
    ).toBeVisible();
    expect(within(clicks).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the clicks cannot be read, and tries again', async () => {
    let calls = 0;
    const { user } = openDetail((range) =>
      ++calls === 1
        ? fail(503, 'Analytics are unavailable right now.', 'SERVICE_UNAVAILABLE')
        : clicksOf(range),
    );
    const clicks = await section();
    expect(await within(clicks).findByRole('alert')).toHaveTextContent(
      'Analytics are unavailable right now.',
    );
    // The link itself is still there to edit.
    expect(screen.getByLabelText('Title')).toHaveValue('Pochampally ikat saree');
    await user.click(within(clicks).getByRole('button', { name: 'Try again' }));
    expect(await within(clicks).findByRole('table', { name: 'Clicks by store' })).toBeVisible();
  });
});
