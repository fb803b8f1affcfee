import { scratchDatabase } from '@kartlink/testing';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { migrateTo } from './migrate-to';

/**
 * A product's and a shop's daily figures by dimension moved from rows of their own into their
 * product_daily and shop_daily rows (migrations ProductDayDimensions, ShopDayDimensions): a
 * database migrated with such rows reads the same through the views, and the merge the fold
 * uses sums by key. Each on a database of its own.
 */
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let sql: Client;
jest.setTimeout(90_000);

beforeEach(async () => {
  database = await scratchDatabase('day_dimensions');
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});
afterEach(async () => {
  await sql?.end();
  await database?.drop();
});

const query = async <R>(text: string, params: unknown[] = []) =>
  (await sql.query(text, params)).rows as R[];

const migrate = (before?: string) => migrateTo(database.url, before);

const readDimensions = () =>
  query(
    `SELECT product_id, to_char(day, 'YYYY-MM-DD') AS day, dimension, key, views, clicks, shop_id
       FROM analytics.product_daily_dimensions ORDER BY 1, 2, 3, 4`,
  );

it('keeps every product-day dimension through the migration, and the fold’s merge sums by key', async () => {
  await migrate('ProductDayDimensions');
  const [shopId, kurta, saree, gone] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await query(
    `INSERT INTO analytics.product_daily (product_id, day, shop_id, views, clicks, taps)
     VALUES ($1, '2026-11-01', $3, 5, 2, 3), ($1, '2026-11-02', $3, 1, 0, 0),
            ($2, '2026-11-01', $3, 2, 1, 1)`,
    [kurta, saree, shopId],
  );
  await query(
    `INSERT INTO analytics.product_daily_dimensions (product_id, day, dimension, key, views, clicks, shop_id)
     VALUES ($1, '2026-11-01', 'store', 'amazon', 0, 2, $4),
            ($1, '2026-11-01', 'device', 'mobile', 4, 2, $4),
            ($1, '2026-11-01', 'device', 'desktop', 1, 0, $4),
            -- A key with the separator in it, and one in Unicode.
            ($1, '2026-11-01', 'referrer', 'l.instagram.com|odd', 5, 2, $4),
            ($1, '2026-11-02', 'region', 'महाराष्ट्र', 1, 0, $4),
            ($2, '2026-11-01', 'source', 'whatsapp', 2, 1, $4),
            -- A day of dimensions without its product_daily row is kept too.
            ($3, '2026-10-31', 'store', 'flipkart', 0, 1, $4)`,
    [kurta, saree, gone, shopId],
  );
  const before = await readDimensions();
  expect(before).toHaveLength(7);

  await migrate();
  expect(await readDimensions()).toEqual(before);
  expect(
    (
      await query<{ figures: unknown }>(
        `SELECT json_build_array(views, clicks, taps, dimensions) AS figures
           FROM analytics.product_daily WHERE product_id = $1 AND day = '2026-11-01'`,
        [kurta],
      )
    )[0]!.figures,
  ).toEqual([
    5,
    2,
    3,
    {
      'store|amazon': [0, 2],
      'device|mobile': [4, 2],
      'device|desktop': [1, 0],
      'referrer|l.instagram.com|odd': [5, 2],
    },
  ]);

  const merged = await query<{ sum: unknown; left: unknown; right: unknown }>(
    `SELECT analytics.add_dimension_counts($1::jsonb, $2::jsonb) AS sum,
            analytics.add_dimension_counts($1::jsonb, '{}') AS left,
            analytics.add_dimension_counts('{}', $2::jsonb) AS right`,
    [
      JSON.stringify({ 'store|amazon': [0, 2], 'device|mobile': [4, 2] }),
      JSON.stringify({ 'store|amazon': [1, 3], 'region|MH': [2, 0] }),
    ],
  );
  expect(merged[0]).toEqual({
    sum: { 'store|amazon': [1, 5], 'device|mobile': [4, 2], 'region|MH': [2, 0] },
    left: { 'store|amazon': [0, 2], 'device|mobile': [4, 2] },
    right: { 'store|amazon': [1, 3], 'region|MH': [2, 0] },
  });
});

it('keeps every shop-day dimension through the migration, in the shop_daily row', async () => {
  await migrate('ShopDayDimensions');
  const [diya, quiet, gone] = [randomUUID(), randomUUID(), randomUUID()];
  await query(
    `INSERT INTO analytics.shop_daily (shop_id, day, views, clicks, taps, unique_visitors)
     VALUES ($1, '2026-11-01', 9, 3, 4, 6), ($1, '2026-11-02', 1, 0, 0, 1),
            ($2, '2026-11-01', 2, 0, 0, 2)`,
    [diya, quiet],
  );
  await query(
    `INSERT INTO analytics.shop_daily_dimensions (shop_id, day, dimension, key, views, clicks)
     VALUES ($1, '2026-11-01', 'store', 'amazon', 0, 2),
            ($1, '2026-11-01', 'store', 'flipkart', 0, 1),
            ($1, '2026-11-01', 'device', 'mobile', 8, 3),
            ($1, '2026-11-01', 'source', 'instagram', 9, 3),
            -- A key with the separator in it, and one in Unicode.
            ($1, '2026-11-01', 'referrer', 'l.instagram.com|odd', 5, 2),
            ($1, '2026-11-02', 'region', 'महाराष्ट्र', 1, 0),
            -- A day of dimensions without its shop_daily row is kept too.
            ($2, '2026-10-30', 'browser', 'Chrome', 1, 0),
            ($3, '2026-10-31', 'store', 'myntra', 0, 1)`,
    [diya, quiet, gone],
  );
  const read = () =>
    query(
      `SELECT shop_id, to_char(day, 'YYYY-MM-DD') AS day, dimension, key, views, clicks
         FROM analytics.shop_daily_dimensions ORDER BY 1, 2, 3, 4`,
    );
  const before = await read();
  expect(before).toHaveLength(8);

  await migrate();
  expect(await read()).toEqual(before);
  const rows = await query<{ figures: unknown }>(
    `SELECT json_build_array(views, clicks, taps, unique_visitors, dimensions) AS figures
       FROM analytics.shop_daily WHERE shop_id = $1 ORDER BY day`,
    [diya],
  );
  expect(rows.map((row) => row.figures)).toEqual([
    [
      9,
      3,
      4,
      6,
      {
        'store|amazon': [0, 2],
        'store|flipkart': [0, 1],
        'device|mobile': [8, 3],
        'source|instagram': [9, 3],
        'referrer|l.instagram.com|odd': [5, 2],
      },
    ],
    [1, 0, 0, 1, { 'region|महाराष्ट्र': [1, 0] }],
  ]);
  // The shop without figures that day: a row of zeros holding its dimensions.
  expect(
    await query(
      `SELECT views, clicks, dimensions FROM analytics.shop_daily WHERE shop_id = $1 AND day = '2026-10-31'`,
      [gone],
    ),
  ).toEqual([{ views: 0, clicks: 0, dimensions: { 'store|myntra': [0, 1] } }]);
});
