import {
  dateOfDay,
  dayNumber,
  type AnalyticsOverview,
  type AnalyticsTotals,
  type ProductAnalytics,
} from '@kartlink/contracts';
import { vi } from 'vitest';

/** The instant the analytics tests run at: noon of 15 March 2026 in India. */
const TEST_NOW = new Date('2026-03-15T06:30:00.000Z');
export const TEST_TODAY = '2026-03-15';

/** Freezes the clock (only Date: timers stay real) at TEST_NOW. */
export function freezeToday(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
}

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from)!; day <= dayNumber(to)!; day++) days.push(dateOfDay(day));
  return days;
}

const ZERO: AnalyticsTotals = {
  views: 0,
  uniqueVisitors: 0,
  clicks: 0,
  taps: 0,
  clickThroughRate: 0,
  productViews: 0,
  productClickThroughRate: 0,
};

/** An overview of a range with nothing in it (and nothing before it either). */
export function emptyOverview(
  from: string,
  to: string,
  overrides: Partial<AnalyticsOverview> = {},
): AnalyticsOverview {
  return {
    range: { from, to, timeZone: 'Asia/Kolkata' },
    totals: ZERO,
    previous: ZERO,
    daily: daysBetween(from, to).map((date) => ({ date, views: 0, uniqueVisitors: 0, clicks: 0 })),
    byStore: [],
    byDevice: [],
    byBrowser: [],
    byRegion: [],
    byReferrer: [],
    bySource: [],
    byOpensIn: [],
    topProducts: [],
    excluded: { bots: 0, owner: 0 },
    ...overrides,
  };
}

/**
 * A busy shop: 1,23,456 views (up 25% on 98,765), 61,000 visitors (previous 0), 15,185 clicks
 * (down 10% on 16,872), a click-through rate of 12.3%.
 */
export function busyOverview(from: string, to: string): AnalyticsOverview {
  const base = emptyOverview(from, to);
  return {
    ...base,
    totals: {
      views: 123_456,
      uniqueVisitors: 61_000,
      clicks: 15_185,
      taps: 16_000,
      clickThroughRate: 0.123,
      productViews: 50_000,
      productClickThroughRate: 0.3037,
    },
    previous: {
      views: 98_765,
      uniqueVisitors: 0,
      clicks: 16_872,
      taps: 17_000,
      clickThroughRate: 0.1708,
      productViews: 40_000,
      productClickThroughRate: 0.4218,
    },
    daily: base.daily.map((point, index) =>
      point.date === to
        ? { date: to, views: 4_321, uniqueVisitors: 2_100, clicks: 987 }
        : { ...point, views: index, clicks: 0 },
    ),
    byStore: [
      { key: 'amazon', views: 0, clicks: 9_000 },
      { key: 'flipkart', views: 0, clicks: 6_000 },
      { key: 'nykaa', views: 0, clicks: 185 },
    ],
    byDevice: [
      { key: 'mobile', views: 100_000, clicks: 14_000 },
      { key: 'desktop', views: 23_456, clicks: 1_185 },
    ],
    byBrowser: [
      { key: 'Instagram', views: 80_000, clicks: 10_000 },
      { key: 'Chrome', views: 43_456, clicks: 5_185 },
    ],
    byRegion: [
      { key: 'Asia/Kolkata', views: 120_000, clicks: 15_000 },
      { key: 'Asia/Dubai', views: 3_456, clicks: 185 },
    ],
    byReferrer: [
      { key: 'l.instagram.com', views: 60_000, clicks: 0 },
      { key: 'instagram.com', views: 20_000, clicks: 0 },
      { key: 'direct', views: 43_456, clicks: 15_185 },
    ],
    bySource: [
      { key: 'instagram', views: 80_000, clicks: 10_000 },
      { key: 'whatsapp', views: 30_000, clicks: 4_500 },
      { key: 'direct', views: 13_456, clicks: 685 },
      { key: 'youtube', views: 0, clicks: 0 },
    ],
    byOpensIn: [
      { key: 'web', views: 0, clicks: 5_185 },
      { key: 'app', views: 0, clicks: 10_000 },
    ],
    topProducts: [
      {
        productId: '0b6f1f3e-6a54-4f0e-9a57-2f3c1c9f4a11',
        title: 'Pochampally ikat saree',
        shortCode: 'k3x9abc',
        views: 20_000,
        clicks: 7_592,
        clickThroughRate: 0.3796,
      },
      {
        productId: '5d1c7a2e-1f3b-4c5d-8e9f-0a1b2c3d4e5f',
        title: 'Kalamkari dupatta',
        shortCode: 'd8upt7a',
        views: 0,
        clicks: 100,
        clickThroughRate: 0,
      },
    ],
    excluded: { bots: 1_234, owner: 56 },
  };
}

/** One product's clicks: 12 on the last day, 2 the day before; 9 on Amazon, 5 on Flipkart. */
export function productAnalytics(
  id: string,
  from: string,
  to: string,
  overrides: Partial<ProductAnalytics> = {},
): ProductAnalytics {
  const days = daysBetween(from, to);
  return {
    range: { from, to, timeZone: 'Asia/Kolkata' },
    product: { id, title: 'Pochampally ikat saree', shortCode: 'k3x9abc' },
    views: 40,
    clicks: 14,
    taps: 15,
    clickThroughRate: 0.35,
    daily: days.map((date, index) => ({
      date,
      views: index === days.length - 1 ? 30 : index === days.length - 2 ? 10 : 0,
      clicks: index === days.length - 1 ? 12 : index === days.length - 2 ? 2 : 0,
    })),
    byStore: [
      { key: 'amazon', views: 0, clicks: 9 },
      { key: 'flipkart', views: 0, clicks: 5 },
    ],
    byDevice: [{ key: 'mobile', views: 0, clicks: 14 }],
    byRegion: [],
    byBrowser: [],
    byReferrer: [],
    bySource: [],
    byOpensIn: [],
    ...overrides,
  };
}
