import { describe, expect, it } from 'vitest';
import { opensInRows, sourceRows } from './breakdowns';

describe('the sources of visits and clicks', () => {
  it('are named for people, busiest first, with their click-through rate', () => {
    expect(
      sourceRows([
        { key: 'direct', views: 10, clicks: 1 },
        { key: 'x', views: 0, clicks: 2 },
        { key: 'instagram', views: 40, clicks: 10 },
        { key: 'telegram', views: 0, clicks: 0 },
      ]),
    ).toEqual([
      { key: 'instagram', name: 'Instagram', views: 40, clicks: 10, rate: 0.25 },
      { key: 'direct', name: 'Direct', views: 10, clicks: 1, rate: 0.1 },
      // Clicks without a view of the period (a page opened the day before): no rate.
      { key: 'x', name: 'X (Twitter)', views: 0, clicks: 2, rate: null },
    ]);
  });
});

describe('app or website', () => {
  it('puts the app first, then the website, then clicks from before it was known', () => {
    expect(
      opensInRows([
        { key: 'unknown', views: 0, clicks: 1 },
        { key: 'web', views: 0, clicks: 3 },
        { key: 'app', views: 0, clicks: 4 },
      ]),
    ).toEqual([
      { key: 'app', name: 'Store’s app', clicks: 4, share: 0.5 },
      { key: 'web', name: 'Store’s website', clicks: 3, share: 0.375 },
      { key: 'unknown', name: 'Not known', clicks: 1, share: 0.125 },
    ]);
  });

  it('leaves out ways nobody took, and has nothing to share out without clicks', () => {
    expect(opensInRows([{ key: 'app', views: 0, clicks: 0 }])).toEqual([]);
    expect(opensInRows([])).toEqual([]);
  });
});
