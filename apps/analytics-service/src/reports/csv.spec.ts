import { clickThroughRate, dailyCsv } from './csv';

describe('the daily CSV export', () => {
  it('writes a header and one row a day with the click-through rate to 4 decimals', () => {
    expect(
      dailyCsv([
        { date: '2024-03-09', views: 12, uniqueVisitors: 5, clicks: 7 },
        { date: '2024-03-10', views: 0, uniqueVisitors: 0, clicks: 0 },
        { date: '2024-03-11', views: 3, uniqueVisitors: 1, clicks: 1 },
      ]),
    ).toBe(
      'date,views,unique_visitors,clicks,click_through_rate\r\n' +
        '2024-03-09,12,5,7,0.5833\r\n' +
        '2024-03-10,0,0,0,0.0000\r\n' +
        '2024-03-11,3,1,1,0.3333\r\n',
    );
  });

  it('counts no rate without views', () => {
    expect(clickThroughRate(4, 0)).toBe(0);
    expect(clickThroughRate(1, 8)).toBe(0.125);
  });
});
