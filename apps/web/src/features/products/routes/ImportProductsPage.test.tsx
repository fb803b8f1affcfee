import {
  type ImportPreview,
  ImportMessages,
  type ImportStatus,
  PRODUCT_CSV_TEMPLATE,
  ProductMessages,
} from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { captureDownloads, textOf } from '../../../test/downloads';
import { fail, file, mockApi, ok, type Handler } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const UPLOAD_ID = '6f1c0d2e-2b9a-4a55-9d7e-1f0e2d3c4b5a';
const JOB_ID = '0b7a3c1d-8e2f-4d6a-9c5b-3a2e1f0d9c8b';

const PREVIEW: ImportPreview = {
  uploadId: UPLOAD_ID,
  source: 'csv',
  summary: { rows: 3, valid: 2, invalid: 1, creates: 1, updates: 1, fit: 1, limit: 25, used: 3 },
  rows: [
    { row: 2, title: 'Silk saree', shortCode: 'saree', stores: 2, action: 'update', errors: [] },
    { row: 3, title: 'Cotton kurta', shortCode: '', stores: 2, action: 'create', errors: [] },
    {
      row: 4,
      title: '',
      shortCode: '',
      stores: 1,
      action: 'create',
      errors: [
        { column: 'title', msg: ProductMessages.titleRequired },
        { column: 'store_urls', msg: ProductMessages.tooFewStores },
      ],
    },
  ],
};

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
    'GET /urls': ok({ items: [], total: 0, page: 1, limit: 10 }),
    'GET /urls/quota': ok({ used: 3, limit: 25 }),
    'POST /urls/import/preview': ok(PREVIEW),
    ...routes,
  });
}

async function openImportPage() {
  const app = renderApp('/dashboard/links/import', { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Import products' });
  return app;
}

const csvFile = (text: string, name = 'catalogue.csv') =>
  new File([text], name, { type: 'text/csv' });

describe('importing products', () => {
  it('is reached from the products page, which also exports them as CSV', async () => {
    const saved = captureDownloads();
    serve({
      'GET /urls': ok({ items: [], total: 2, page: 1, limit: 10 }),
      'GET /urls/export.csv': file('title\r\nSaree\r\n', 'text/csv', 'kartlink-asha-products.csv'),
    });
    const { user } = renderApp('/dashboard/links', { user: TEST_USER });
    await screen.findByRole('heading', { level: 1, name: 'Your product links' });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('kartlink-asha-products.csv');
    expect(await textOf(saved[0]!.blob)).toBe('title\r\nSaree\r\n');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/dashboard/links/import',
    );
  });

  it('downloads the template', async () => {
    const saved = captureDownloads();
    serve({
      'GET /urls/import/template': file(
        PRODUCT_CSV_TEMPLATE,
        'text/csv',
        'kartlink-products-template.csv',
      ),
    });
    const { user } = await openImportPage();
    await user.click(screen.getByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('kartlink-products-template.csv');
  });

  it('sends the chosen file as it is and marks each row’s errors before anything is saved', async () => {
    const api = serve();
    const { user } = await openImportPage();
    const text = 'title,store_url_1\r\n"Silk, saree",https://a.example.com\r\n';
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile(text));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(api.callsTo('POST /urls/import/preview')[0]).toMatchObject({
      path: '/urls/import/preview?source=csv',
      body: text,
    });
    expect(preview).toHaveTextContent(
      '3 rows: 2 ready, 1 with errors. 1 of 1 new product fits in your plan (3 of 25 used).',
    );
    // Rows with errors come first, each error in the product rules' words.
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(`4—1${ProductMessages.titleRequired}`);
    expect(rows[0]).toHaveTextContent(ProductMessages.tooFewStores);
    expect(rows[1]).toHaveTextContent('Silk saree/saree2Updates your product');
    expect(rows[2]).toHaveTextContent('Cotton kurta2New product');
    expect(screen.getByRole('button', { name: 'Import 2 products' })).toBeEnabled();
  });

  it('runs dry, saying what would happen and that nothing was saved', async () => {
    const api = serve({
      'POST /urls/import': ok({ dryRun: true, summary: PREVIEW.summary }),
    });
    const { user } = await openImportPage();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('title\nx\n'));
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(
      await screen.findByText(
        'Dry run: 1 product would be added and 1 product updated; 1 row would be skipped. Nothing was saved.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /urls/import')[0]!.body).toEqual({
      uploadId: UPLOAD_ID,
      dryRun: true,
    });
  });

  it('imports, shows the progress bar filling, then the result with what was not imported', async () => {
    const states: ImportStatus[] = [
      { jobId: JOB_ID, state: 'active', done: 1, total: 3 },
      {
        jobId: JOB_ID,
        state: 'completed',
        done: 3,
        total: 3,
        result: {
          created: 1,
          updated: 1,
          failed: 1,
          rows: [
            {
              row: 2,
              outcome: 'updated',
              errors: [],
              notes: [ImportMessages.imageNotCopied('the store answered 404')],
              productId: 'p-1',
              shortCode: 'saree',
              title: 'Silk saree',
            },
            { row: 3, outcome: 'created', errors: [], notes: [], productId: 'p-2', title: 'Kurta' },
            {
              row: 4,
              outcome: 'failed',
              errors: [{ column: 'title', msg: ProductMessages.titleRequired }],
              notes: [],
            },
          ],
        },
      },
    ];
    let polls = 0;
    serve({
      'POST /urls/import': ok({ dryRun: false, jobId: JOB_ID, summary: PREVIEW.summary }),
      [`GET /urls/import/${JOB_ID}`]: () => ok(states[Math.min(polls++, 1)]),
    });
    const { user } = await openImportPage();
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('title\nx\n'));
    await user.click(await screen.findByRole('button', { name: 'Import 2 products' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '1'));
    expect(screen.getByText('1 of 3 rows')).toBeInTheDocument();
    await waitFor(() => expect(bar).toHaveAttribute('value', '3'), { timeout: 3000 });
    expect(bar).toHaveAttribute('max', '3');
    expect(screen.getByText('Done: 3 of 3 rows')).toBeInTheDocument();
    expect(screen.getByText('1 product added, 1 updated, 1 not imported.')).toBeInTheDocument();
    expect(screen.getByText(`Row 4: ${ProductMessages.titleRequired}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Silk saree' })).toHaveAttribute(
      'href',
      '/dashboard/link/p-1',
    );
    expect(screen.getByRole('link', { name: 'See your products' })).toHaveAttribute(
      'href',
      '/dashboard/links',
    );
  });

  it('refuses a file over 2 MB without sending it, and shows the server’s refusal of another', async () => {
    const api = serve({
      'POST /urls/import/preview': fail(400, ImportMessages.unclosedQuote(2)),
    });
    const { user } = await openImportPage();
    await user.upload(
      screen.getByLabelText('Choose a CSV file'),
      csvFile('x'.repeat(2 * 1024 * 1024 + 1)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ImportMessages.tooLarge);
    expect(api.callsTo('POST /urls/import/preview')).toHaveLength(0);
    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile('title\n"x\n'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(ImportMessages.unclosedQuote(2)),
    );
  });

  it('checks a pasted list of store addresses', async () => {
    const api = serve({
      'POST /urls/import/preview': ok({
        ...PREVIEW,
        source: 'list',
        rows: [{ row: 1, title: '', shortCode: '', stores: 2, action: 'create', errors: [] }],
      }),
    });
    const { user } = await openImportPage();
    await user.click(screen.getByRole('radio', { name: 'Pasted store addresses' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Store addresses' }),
      'https://a.example.com/1 https://b.example.com/1',
    );
    await user.click(screen.getByRole('button', { name: 'Check the list' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('From the store page')).toBeInTheDocument();
    expect(api.callsTo('POST /urls/import/preview')[0]).toMatchObject({
      path: '/urls/import/preview?source=list',
      body: 'https://a.example.com/1 https://b.example.com/1',
    });
  });
});
