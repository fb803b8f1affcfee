import {
  ImportMessages,
  type ImportPreview,
  type ImportStart,
  type ImportStatus,
  PRODUCT_CSV_COLUMNS,
  type ProductPage,
  ProductMessages,
  type Shop,
  writeCsv,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl } from '@kartlink/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { sampleJpeg } from '../../apps/media-service/test/support/sample-images';
import { signUp, Visitor } from '../support/auth-client';

// Bulk import and export of products against the whole built stack. Images and store pages come
// from a local fake store on 127.0.0.1 (allowed by STORE_PAGE_ALLOW_HOSTS in test/stack-setup.ts).
jest.setTimeout(120_000);

let store: Server;
let base: string;
let photo: Buffer;

beforeAll(async () => {
  photo = await sampleJpeg(400, 400);
  store = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/img/saree.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(photo);
    }
    const page = /^\/p\/([a-z-]+)$/.exec(path)?.[1];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<html><head><meta property="og:title" content="Page ${page}">
         <meta property="og:price:amount" content="2,499.00"><meta property="og:price:currency" content="INR">
         <meta property="og:image" content="/img/saree.jpg"></head></html>`,
      );
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not here');
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});

afterAll(async () => {
  store.closeAllConnections();
  await new Promise((resolve) => store.close(resolve));
});

async function shopOwner() {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `imports-${Date.now().toString(36)}-${randomInt(1e6)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Bulk Bazaar',
    shopDescription: 'A catalogue moved in one go',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(JSON.stringify(shop.body));
  return { owner, email, shopUrl };
}

/** Sends a file as it is, as the web app does. */
async function send(owner: Visitor, path: string, text: string, type = 'text/csv') {
  const response = await fetch(`${stackBaseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': type,
      authorization: `Bearer ${owner.accessToken!}`,
      'x-forwarded-for': owner.ip,
    },
    body: text,
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: ImportPreview; error?: string },
  };
}

async function download(owner: Visitor, path: string) {
  const response = await fetch(`${stackBaseUrl()}/api${path}`, {
    headers: { authorization: `Bearer ${owner.accessToken!}`, 'x-forwarded-for': owner.ip },
  });
  return { response, text: await response.text() };
}

const STORES = ['https://www.amazon.in/dp/B0SAREE', 'https://www.flipkart.com/saree/p/1'];

/** A CSV with the template's columns; `rows` give the cells by column name. */
function csv(rows: Array<Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>>) {
  return writeCsv([
    PRODUCT_CSV_COLUMNS,
    ...rows.map((row) => PRODUCT_CSV_COLUMNS.map((column) => row[column] ?? '')),
  ]);
}

const product = (n: number, over: Record<string, string> = {}) => ({
  title: `Silk saree ${n}`,
  price: '1,299',
  short_code: `saree-${n}`,
  store_url_1: `${STORES[0]}${n}`,
  store_url_2: `${STORES[1]}${n}`,
  ...over,
});

async function runImport(owner: Visitor, text: string, type = 'text/csv', source = 'csv') {
  const preview = await send(owner, `/urls/import/preview?source=${source}`, text, type);
  expect(preview.status).toBe(200);
  const started = await owner.post<ImportStart>('/urls/import', {
    uploadId: preview.body.data.uploadId,
  });
  expect(started.status).toBe(200);
  if (started.body.data.dryRun) throw new Error('not started');
  const jobId = started.body.data.jobId;
  const seen: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const status = await owner.call<ImportStatus>('GET', `/urls/import/${jobId}`);
    expect(status.status).toBe(200);
    seen.push(status.body.data.done);
    if (status.body.data.state === 'completed') return { status: status.body.data, seen, jobId };
    if (status.body.data.state === 'failed') throw new Error(status.body.data.error);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

const listed = async (owner: Visitor) =>
  (await owner.call<ProductPage>('GET', '/urls?limit=100')).body.data;

describe('importing products from a CSV file', () => {
  it('offers a template with the columns and an example row', async () => {
    const { owner } = await shopOwner();
    const { response, text } = await download(owner, '/urls/import/template');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('kartlink-products-template.csv');
    const [header, example] = text.split('\r\n');
    expect(header).toBe(
      'title,description,price,brand,image_url,short_code,store_url_1,store_url_2,store_url_3,store_url_4,store_url_5,store_url_6,store_url_7,show_on_shop',
    );
    expect(example).toContain('cotton-kurta');
  });

  it('marks each row’s errors in the product rules’ words, and a dry run saves nothing', async () => {
    const { owner } = await shopOwner();
    const text =
      '\ufeff' +
      csv([
        product(1, { price: '₹1,299.00', description: 'Pure silk,\nwoven in Kanchipuram' }),
        product(2, { title: '' }),
        product(3, { price: 'twelve' }),
        product(4, { store_url_2: '' }),
        product(5, { short_code: 'Saree 5' }),
        product(6, { show_on_shop: 'perhaps' }),
        product(7, { short_code: 'saree-1' }),
        product(8, { store_url_2: 'ftp://files.example.com/x' }),
      ]).replace(/\r\n/g, '\n');
    const preview = await send(owner, '/urls/import/preview', text);
    expect(preview.status).toBe(200);
    const { rows, summary } = preview.body.data;
    expect(rows.map((r) => [r.row, r.errors.map((e) => e.msg)])).toEqual([
      [2, []],
      [4, [ProductMessages.titleRequired]],
      [5, [ProductMessages.priceInvalid]],
      [6, [ProductMessages.tooFewStores]],
      [7, [ProductMessages.shortCodeCharacters]],
      [8, [ImportMessages.showOnShop]],
      [9, [ImportMessages.duplicateShortCode(2)]],
      [10, [ProductMessages.badStoreUrl(2)]],
    ]);
    expect(rows[0]).toMatchObject({ title: 'Silk saree 1', action: 'create', stores: 2 });
    expect(summary).toEqual({
      rows: 8,
      valid: 1,
      invalid: 7,
      creates: 1,
      updates: 0,
      fit: 1,
      limit: 25,
      used: 0,
    });

    const dry = await owner.post<ImportStart>('/urls/import', {
      uploadId: preview.body.data.uploadId,
      dryRun: true,
    });
    expect(dry.body.data).toEqual({ dryRun: true, summary });
    expect((await listed(owner)).total).toBe(0);
  });

  it('imports with a progress that grows to done, copies images, and updates by short code when imported again', async () => {
    const { owner, shopUrl, email } = await shopOwner();
    const rows = Array.from({ length: 45 }, (_, i) => product(i + 1));
    rows[0] = product(1, {
      image_url: `${base}/img/saree.jpg`,
      brand: 'Nalli',
      show_on_shop: 'no',
    });
    rows[1] = product(2, { image_url: `${base}/img/missing.jpg` });
    rows[2] = product(3, { title: '' });
    const admin = new Visitor();
    const { email: adminEmail } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    await admin.call('PUT', '/admin/users/plan', { email, plan: 'premium' });

    const first = await runImport(owner, csv(rows));
    expect(first.status).toMatchObject({ state: 'completed', done: 45, total: 45 });
    expect(first.seen.every((done, i) => i === 0 || done >= first.seen[i - 1]!)).toBe(true);
    const result = first.status.result!;
    expect({ created: result.created, updated: result.updated, failed: result.failed }).toEqual({
      created: 44,
      updated: 0,
      failed: 1,
    });
    expect(result.rows[2]).toMatchObject({
      row: 4,
      outcome: 'failed',
      errors: [{ column: 'title', msg: ProductMessages.titleRequired }],
    });
    // The image that could not be copied marks its row; the product is there without it.
    expect(result.rows[1]).toMatchObject({ row: 3, outcome: 'created' });
    expect(result.rows[1]!.notes).toEqual([
      ImportMessages.imageNotCopied('the store answered 404'),
    ]);

    const page = await listed(owner);
    expect(page.total).toBe(44);
    // Newest first, as the file has them backwards.
    expect(page.items.slice(0, 3).map((p) => p.shortCode)).toEqual([
      'saree-45',
      'saree-44',
      'saree-43',
    ]);
    const saree1 = page.items.find((p) => p.shortCode === 'saree-1')!;
    expect(saree1).toMatchObject({ price: 1299, brand: 'Nalli', showOnShop: false });
    // Copied into Kartlink's storage, never hot-linked.
    expect(saree1.imageUrl).toMatch(/^\/api\/shop\/product-images\//);
    expect((await fetch(`${stackBaseUrl()}${saree1.imageUrl}`)).status).toBe(200);
    expect(page.items.find((p) => p.shortCode === 'saree-2')!.imageUrl).toBeNull();

    // Again, with a new title and price: updated in place, nothing doubled.
    const again = await send(
      owner,
      '/urls/import/preview',
      csv([product(5, { title: 'Silk saree 5, now in red', price: '999' }), product(99)]),
    );
    expect(again.body.data.rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect(again.body.data.summary).toMatchObject({ creates: 1, updates: 1, limit: null });
    const second = await runImport(
      owner,
      csv([product(5, { title: 'Silk saree 5, now in red', price: '999' })]),
    );
    expect(second.status.result).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const after = await listed(owner);
    expect(after.total).toBe(44);
    expect(after.items.find((p) => p.shortCode === 'saree-5')).toMatchObject({
      title: 'Silk saree 5, now in red',
      price: 999,
    });
    // A file with only some columns changes only those: saree-1 keeps its brand and image.
    const partial = await runImport(
      owner,
      `short_code,title,price,store_url_1,store_url_2\nsaree-1,Silk saree 1,"1,499",${STORES[0]}1,${STORES[1]}1\n`,
    );
    expect(partial.status.result).toMatchObject({ updated: 1, failed: 0 });
    expect((await listed(owner)).items.find((p) => p.shortCode === 'saree-1')).toMatchObject({
      price: 1499,
      brand: 'Nalli',
      showOnShop: false,
      imageUrl: saree1.imageUrl,
    });
    // The public shop shows the change at once.
    const shown = await fetch(`${stackBaseUrl()}/api/url/shop/${shopUrl}/saree-5`);
    expect(((await shown.json()) as { data: { title: string } }).data.title).toBe(
      'Silk saree 5, now in red',
    );
  });

  it('fails a row whose store address leads to a blocked host, and imports the rest', async () => {
    // The stack blocks phish.example and its subdomains (test/stack-setup.ts).
    const { owner } = await shopOwner();
    const { status } = await runImport(
      owner,
      csv([product(1), product(2, { store_url_2: 'https://deals.phish.example/saree' })]),
    );
    expect(status.result!.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'failed'],
    ]);
    expect(status.result!.rows[1]!.errors).toEqual([
      { column: 'store_url_2', msg: ProductMessages.storeHostBlocked(2, 'deals.phish.example') },
    ]);
    expect((await listed(owner)).items.map((p) => p.shortCode)).toEqual(['saree-1']);
  });

  it('says how many fit in the plan, and never passes the limit, even with imports at once', async () => {
    const { owner } = await shopOwner();
    const preview = await send(
      owner,
      '/urls/import/preview',
      csv(Array.from({ length: 30 }, (_, i) => product(i + 1))),
    );
    expect(preview.body.data.summary).toMatchObject({ creates: 30, fit: 25, limit: 25, used: 0 });
    expect(preview.body.data.rows.slice(24).map((r) => r.errors.map((e) => e.msg))).toEqual([
      [],
      ...Array.from({ length: 5 }, () => [ImportMessages.overLimit]),
    ]);
    // Two files of 20 new products each, imported side by side: 25 in all, the rest refused.
    const [a, b] = await Promise.all([
      runImport(owner, csv(Array.from({ length: 20 }, (_, i) => product(i + 1)))),
      runImport(owner, csv(Array.from({ length: 20 }, (_, i) => product(i + 101)))),
    ]);
    const refused = [...a.status.result!.rows, ...b.status.result!.rows].filter(
      (r) => r.outcome === 'failed',
    );
    expect(refused).toHaveLength(15);
    expect(refused.every((r) => r.errors[0]!.msg === ProductMessages.limitReached)).toBe(true);
    expect((await listed(owner)).total).toBe(25);
  });

  it('exports the products as CSV that imports back unchanged, formulas disarmed', async () => {
    const { owner, shopUrl } = await shopOwner();
    await runImport(
      owner,
      csv([
        product(1, {
          title: '=HYPERLINK("http://evil.example")',
          description: 'Line one\nline "two"',
        }),
        product(2, { brand: '@home', price: '', show_on_shop: 'no' }),
        product(3, {
          image_url: `${base}/img/saree.jpg`,
          store_url_3: 'https://www.myntra.com/s/3',
        }),
      ]),
    );
    const first = await download(owner, '/urls/export.csv');
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-disposition')).toContain(
      `kartlink-${shopUrl}-products.csv`,
    );
    expect(first.text).toContain(`'=HYPERLINK`);
    expect(first.text).toContain(`'@home`);
    expect(first.text).toMatch(/,http:\/\/127\.0\.0\.1:\d+\/api\/shop\/product-images\//);

    const back = await runImport(owner, first.text);
    expect(back.status.result).toMatchObject({ created: 0, updated: 3, failed: 0 });
    const second = await download(owner, '/urls/export.csv');
    expect(second.text).toBe(first.text);
    const titles = (await listed(owner)).items.map((p) => p.title);
    expect(titles).toContain('=HYPERLINK("http://evil.example")');
  });

  it('keeps another owner’s file and import out of reach', async () => {
    const { owner } = await shopOwner();
    const { owner: other } = await shopOwner();
    const { jobId } = await runImport(owner, csv([product(1)]));
    const status = await other.call('GET', `/urls/import/${jobId}`);
    expect(status.status).toBe(404);
    expect(status.body.error).toBe(ImportMessages.jobNotFound);
    const preview = await send(owner, '/urls/import/preview', csv([product(2)]));
    const theirs = await other.post('/urls/import', { uploadId: preview.body.data.uploadId });
    expect({ status: theirs.status, error: theirs.body.error }).toEqual({
      status: 404,
      error: ImportMessages.uploadGone,
    });
    expect((await listed(other)).total).toBe(0);
    expect((await new Visitor().call('GET', `/urls/import/${jobId}`)).status).toBe(401);
  });

  it('refuses files too large, too long or unreadable with a clear 4xx', async () => {
    const { owner } = await shopOwner();
    const big = csv([product(1, { description: 'x'.repeat(2 * 1024 * 1024) })]);
    expect(await send(owner, '/urls/import/preview', big)).toMatchObject({
      status: 413,
      body: { error: ImportMessages.tooLarge },
    });
    const long = 'title\n' + 'x\n'.repeat(5001);
    expect(await send(owner, '/urls/import/preview', long)).toMatchObject({
      status: 413,
      body: { error: ImportMessages.tooManyRows },
    });
    expect(await send(owner, '/urls/import/preview', 'title,price\n"Saree,100\n')).toMatchObject({
      status: 400,
      body: { error: ImportMessages.unclosedQuote(2) },
    });
    expect(await send(owner, '/urls/import/preview', 'name,cost\nx,1\n')).toMatchObject({
      status: 400,
      body: { error: ImportMessages.unknownColumns(['name', 'cost']) },
    });
    expect((await owner.post('/urls/import', { uploadId: 'nope' })).status).toBe(400);
    expect((await listed(owner)).total).toBe(0);
  });
});

describe('importing from a pasted list of store addresses', () => {
  it('makes a product a line, read from its first store’s page', async () => {
    const { owner } = await shopOwner();
    const list = `${base}/p/kanjivaram https://www.amazon.in/dp/B0K1\n\n${base}/p/banarasi, https://www.flipkart.com/b/2\n${base}/p/lonely\n`;
    const preview = await send(owner, '/urls/import/preview?source=list', list, 'text/plain');
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows.map((r) => [r.row, r.errors.map((e) => e.msg)])).toEqual([
      [1, []],
      [3, []],
      [4, [ProductMessages.tooFewStores]],
    ]);
    const { status } = await runImport(owner, list, 'text/plain', 'list');
    expect(status.result).toMatchObject({ created: 2, failed: 1 });
    const page = await listed(owner);
    expect(page.items.map((p) => [p.title, p.price]).sort()).toEqual([
      ['Page banarasi', 2499],
      ['Page kanjivaram', 2499],
    ]);
    expect(page.items.every((p) => p.imageUrl?.startsWith('/api/shop/product-images/'))).toBe(true);
  });
});
