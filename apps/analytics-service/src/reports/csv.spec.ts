import { clickThroughRate, dailyCsv, productsCsv } from './csv';

const HEADER =
  'date,views,unique_visitors,clicks,click_through_rate,taps,app_opens,web_opens,' +
  'clicks_from_instagram,clicks_from_whatsapp,clicks_from_facebook,clicks_from_youtube,' +
  'clicks_from_x,clicks_from_telegram,clicks_from_direct,clicks_from_other';

describe('the daily CSV export', () => {
  it('writes a header and one row a day with the click-through rate to 4 decimals', () => {
    expect(
      dailyCsv([
        { date: '2024-03-09', views: 12, uniqueVisitors: 5, clicks: 7, taps: 9 },
        { date: '2024-03-10', views: 0, uniqueVisitors: 0, clicks: 0, taps: 0 },
        { date: '2024-03-11', views: 3, uniqueVisitors: 1, clicks: 1, taps: 1 },
      ]),
    ).toBe(
      `${HEADER}\r\n` +
        '2024-03-09,12,5,7,0.5833,9,0,0,0,0,0,0,0,0,0,0\r\n' +
        '2024-03-10,0,0,0,0.0000,0,0,0,0,0,0,0,0,0,0,0\r\n' +
        '2024-03-11,3,1,1,0.3333,1,0,0,0,0,0,0,0,0,0,0\r\n',
    );
  });

  it('splits each day’s clicks by app or website, source and store (one column a store)', () => {
    const csv = dailyCsv(
      [
        { date: '2024-03-09', views: 10, uniqueVisitors: 4, clicks: 5, taps: 6 },
        { date: '2024-03-10', views: 2, uniqueVisitors: 2, clicks: 1, taps: 1 },
      ],
      [
        { date: '2024-03-09', dimension: 'opens_in', key: 'app', clicks: 3 },
        { date: '2024-03-09', dimension: 'opens_in', key: 'web', clicks: 2 },
        { date: '2024-03-09', dimension: 'source', key: 'instagram', clicks: 4 },
        { date: '2024-03-09', dimension: 'source', key: 'whatsapp', clicks: 1 },
        { date: '2024-03-09', dimension: 'store', key: 'amazon', clicks: 4 },
        { date: '2024-03-09', dimension: 'store', key: 'flipkart', clicks: 1 },
        { date: '2024-03-10', dimension: 'store', key: '=cmd|x', clicks: 1 },
        { date: '2024-03-10', dimension: 'source', key: 'direct', clicks: 1 },
      ],
    );
    const [header, first, second] = csv.split('\r\n');
    // A store key never reaches the file as it was typed: no formula, no comma.
    expect(header).toBe(`${HEADER},clicks_on__cmd_x,clicks_on_amazon,clicks_on_flipkart`);
    expect(first).toBe('2024-03-09,10,4,5,0.5000,6,3,2,4,1,0,0,0,0,0,0,0,4,1');
    expect(second).toBe('2024-03-10,2,2,1,0.5000,1,0,0,0,0,0,0,0,0,1,0,1,0,0');
  });

  it('counts no rate without views', () => {
    expect(clickThroughRate(4, 0)).toBe(0);
    expect(clickThroughRate(1, 8)).toBe(0.125);
  });
});

describe('the products CSV export', () => {
  const figures = { views: 8, clicks: 2, taps: 3, appOpens: 1, webOpens: 1 };
  it('writes one row a product with its rate, app or website and clicks by source and store', () => {
    const csv = productsCsv(
      [
        { productId: 'p1', title: 'Block-print kurta', shortCode: 'k3x9abc', ...figures },
        { productId: 'p2', title: 'Brass diya set', shortCode: 'd8upt7a', ...figures, views: 0 },
      ],
      [
        { productId: 'p1', dimension: 'source', key: 'instagram', clicks: 2 },
        { productId: 'p1', dimension: 'store', key: 'amazon', clicks: 2 },
        { productId: 'p2', dimension: 'source', key: 'whatsapp', clicks: 2 },
        { productId: 'p2', dimension: 'store', key: 'flipkart', clicks: 2 },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'product,short_code,views,clicks,click_through_rate,taps,app_opens,web_opens,' +
        'clicks_from_instagram,clicks_from_whatsapp,clicks_from_facebook,clicks_from_youtube,' +
        'clicks_from_x,clicks_from_telegram,clicks_from_direct,clicks_from_other,' +
        'clicks_on_amazon,clicks_on_flipkart',
      'Block-print kurta,k3x9abc,8,2,0.2500,3,1,1,2,0,0,0,0,0,0,0,2,0',
      'Brass diya set,d8upt7a,0,2,0.0000,3,1,1,0,2,0,0,0,0,0,0,0,2',
      '',
    ]);
  });

  it('quotes a title with a comma or a quote, and never lets a spreadsheet run one', () => {
    const row = (title: string) =>
      productsCsv([{ productId: 'p', title, shortCode: 'c', ...figures }], []).split('\r\n')[1];
    expect(row('Kurta, cotton')).toMatch(/^"Kurta, cotton",c,/);
    expect(row('The "best" diya')).toMatch(/^"The ""best"" diya",c,/);
    expect(row('=HYPERLINK("http://evil.example")')).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil.example""\)",c,/,
    );
    expect(row('+91 saree')).toMatch(/^'\+91 saree,c,/);
    expect(row('@home lamp')).toMatch(/^'@home lamp,c,/);
  });
});
