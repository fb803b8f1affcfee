import { MAX_STORE_URLS } from './product-rules';

/**
 * Bulk import and export of an owner's products as CSV (and as a pasted list of store
 * addresses). Pure text work, shared by the gateway, shop-service and the web app: the file's
 * columns, reading and writing CSV as spreadsheets do, and rupee amounts as sellers type them.
 */

/** The columns of the template, of an export, and of an import, in this order. */
export const PRODUCT_CSV_COLUMNS = [
  'title',
  'description',
  'price',
  'brand',
  'image_url',
  'short_code',
  ...Array.from({ length: MAX_STORE_URLS }, (_, i) => `store_url_${i + 1}`),
  'show_on_shop',
] as const;

type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** A file bigger than this, or with more rows than that, is refused whole (413). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export const ImportMessages = {
  tooLarge: 'The file is larger than 2 MB. Split it into smaller files and import each.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} products. Split it into smaller files and import each.`,
  empty: 'The file has no products in it.',
  noTitleColumn:
    'The file has no title column. Start from the template: its first line names the columns.',
  unknownColumns: (names: readonly string[]) =>
    `These columns are not ones Kartlink reads: ${names.join(', ')}. Start from the template.`,
  unclosedQuote: (line: number) =>
    `A quoted field that starts on line ${line} is never closed. Check the file's quotes.`,
  showOnShop: 'Show on shop must be yes or no',
  duplicateShortCode: (row: number) => `The same short code is on row ${row} of this file`,
  overLimit: 'Upgrade to Premium for unlimited products',
  uploadGone:
    'That file was read more than an hour ago and is no longer kept. Choose it again to import.',
  jobNotFound: 'That import does not exist or is not yours.',
  imageNotCopied: (reason: string) =>
    `The image could not be copied, so the product was saved without it: ${reason}`,
  stopped:
    'The import stopped before the end (the service restarted). The rows done so far are saved: import the file again to finish; rows with a short code are updated, not doubled.',
} as const;

/** Where the rows come from: a CSV file, or a pasted list of store addresses. */
export type ImportSource = 'csv' | 'list';

/** One product as a row of the file says it, before any rule is applied. */
export interface ImportRowInput {
  /** Line of the file (1 is the header of a CSV, the first address of a list). */
  row: number;
  title: string;
  /**
   * The optional columns: undefined when the file has no such column (an update leaves the
   * field as it is), '' when the row's cell is empty (an update clears it).
   */
  description?: string;
  /** As written: "1,299", "₹1,299.00"... */
  price?: string;
  brand?: string;
  imageUrl?: string;
  shortCode: string;
  storeUrls: string[];
  showOnShop?: string;
}

/** A field's problem on one row: the column and SPEC's words. */
export interface ImportProblem {
  column: string;
  msg: string;
}

export interface ImportPreviewRow {
  row: number;
  title: string;
  shortCode: string;
  stores: number;
  /** Update: the short code is one of the shop's products already. */
  action: 'create' | 'update';
  errors: ImportProblem[];
}

export interface ImportSummary {
  rows: number;
  /** Rows without errors. */
  valid: number;
  invalid: number;
  creates: number;
  updates: number;
  /** New products the plan has room for (creates when Premium). */
  fit: number;
  /** The plan's limit and what the shop lists now (limit null on Premium). */
  limit: number | null;
  used: number;
}

/** POST /api/urls/import/preview: each row with its errors, nothing saved. */
export interface ImportPreview {
  /** The file as kept for an hour: what POST /api/urls/import imports. */
  uploadId: string;
  source: ImportSource;
  summary: ImportSummary;
  rows: ImportPreviewRow[];
}

/** POST /api/urls/import: a dry run's summary, or the job started. */
export type ImportStart =
  | { dryRun: true; summary: ImportSummary }
  | { dryRun: false; jobId: string; summary: ImportSummary };

export interface ImportRowResult {
  row: number;
  outcome: 'created' | 'updated' | 'failed';
  errors: ImportProblem[];
  /** What was not taken (an image that could not be copied). */
  notes: string[];
  productId?: string;
  shortCode?: string;
  title?: string;
}

export interface ImportResult {
  created: number;
  updated: number;
  failed: number;
  rows: ImportRowResult[];
}

/** GET /api/urls/import/{jobId}. */
export interface ImportStatus {
  jobId: string;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  done: number;
  total: number;
  result?: ImportResult;
  error?: string;
}

export class CsvError extends Error {}

/**
 * CSV as RFC 4180 and spreadsheets write it: a UTF-8 byte-order mark dropped, lines ended by
 * CRLF, LF or CR, fields in double quotes holding commas, quotes ("") and line breaks. Blank
 * lines are skipped. Each record with the line it starts on.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line += 1;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += c;
  }
  if (quoted) throw new CsvError(ImportMessages.unclosedQuote(quoteLine));
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/**
 * A cell as a spreadsheet must not run it: text starting with = + - @ (or a tab or carriage
 * return) gets a ' in front, as OWASP advises. A text that already starts with quotes before
 * such a character gets one more, so that readCell gives back exactly what was written.
 */
export function guardCell(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The inverse of guardCell. */
export function readCell(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function quoteCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text: CRLF line ends, quoted where needed, guarded against formulas. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return (
    rows.map((cells) => cells.map((c) => quoteCell(guardCell(c))).join(',')).join('\r\n') + '\r\n'
  );
}

/**
 * A rupee amount as sellers write it: "1299", "1,299", "1,23,456.50", "₹1,299.00",
 * "Rs. 499", "INR 499". Undefined when it is not one; null when the cell is empty.
 */
export function parseRupees(raw: string): number | null | undefined {
  const text = raw
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*(₹|rs\.?|inr|\/-)$/i, '')
    .trim();
  if (!text) return null;
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

/** Yes/no as people write it; undefined when it is neither; empty means yes (the default). */
export function parseShowOnShop(raw: string): boolean | undefined {
  const text = raw.trim().toLowerCase();
  if (['', 'yes', 'y', 'true', '1', 'shown', 'show'].includes(text)) return true;
  if (['no', 'n', 'false', '0', 'hidden', 'hide'].includes(text)) return false;
  return undefined;
}

/** A header as written ("Store URL 1", "short-code") to the template's name, if it is one. */
function columnOf(header: string): ProductCsvColumn | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  const aliases: Record<string, ProductCsvColumn> = {
    imageaddress: 'image_url',
    image: 'image_url',
    shortcode: 'short_code',
    showonshop: 'show_on_shop',
  };
  for (let n = 1; n <= MAX_STORE_URLS; n += 1) {
    aliases[`storeaddress${n}`] = `store_url_${n}` as ProductCsvColumn;
    aliases[`store${n}`] = `store_url_${n}` as ProductCsvColumn;
  }
  return PRODUCT_CSV_COLUMNS.find((column) => column.replace(/_/g, '') === key) ?? aliases[key];
}

/**
 * The rows of a product CSV: the first record names the columns (any order, the template's
 * names, case and spacing aside). Throws CsvError for a file that cannot be read as one.
 */
export function readProductCsv(text: string): ImportRowInput[] {
  const records = parseCsv(text);
  if (records.length === 0) throw new CsvError(ImportMessages.empty);
  const [header, ...body] = records;
  const columns = header!.cells.map(columnOf);
  const unknown = header!.cells.filter((name, i) => !columns[i] && name.trim() !== '');
  if (unknown.length) throw new CsvError(ImportMessages.unknownColumns(unknown));
  if (!columns.includes('title')) throw new CsvError(ImportMessages.noTitleColumn);
  if (body.length === 0) throw new CsvError(ImportMessages.empty);
  if (body.length > IMPORT_MAX_ROWS) throw new CsvError(ImportMessages.tooManyRows);
  return body.map(({ line, cells }) => {
    const get = (column: ProductCsvColumn) => {
      const i = columns.indexOf(column);
      return i >= 0 ? readCell(cells[i] ?? '') : undefined;
    };
    const storeUrls: string[] = [];
    for (let n = 1; n <= MAX_STORE_URLS; n += 1) {
      const url = get(`store_url_${n}` as ProductCsvColumn)?.trim();
      if (url) storeUrls.push(url);
    }
    return {
      row: line,
      title: get('title') ?? '',
      description: get('description'),
      price: get('price'),
      brand: get('brand'),
      imageUrl: get('image_url')?.trim(),
      shortCode: get('short_code')?.trim() ?? '',
      storeUrls,
      showOnShop: get('show_on_shop'),
    };
  });
}

/**
 * A pasted list of store addresses: one product a line, the addresses of one product on one
 * line separated by spaces or commas. Title and the rest come from the first store's page.
 */
export function readAddressList(text: string): ImportRowInput[] {
  const rows: ImportRowInput[] = [];
  text
    .replace(/^\ufeff/, '')
    .split(/\r\n|\r|\n/)
    .forEach((line, i) => {
      const storeUrls = line.split(/[\s,]+/).filter(Boolean);
      if (!storeUrls.length) return;
      rows.push({ row: i + 1, title: '', shortCode: '', storeUrls });
    });
  if (rows.length === 0) throw new CsvError(ImportMessages.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw new CsvError(ImportMessages.tooManyRows);
  return rows;
}

/** What an export writes of a product: the import's columns. */
export interface ProductCsvFields {
  title: string;
  description: string | null;
  price: number | null;
  brand: string | null;
  imageUrl: string | null;
  shortCode: string;
  originalURLs: string[];
  showOnShop: boolean;
}

/** A price as an export writes it: plain digits, so every spreadsheet reads it as a number. */
const priceCell = (price: number | null) =>
  price === null ? '' : Number.isInteger(price) ? String(price) : price.toFixed(2);

/** The owner's products as a CSV file with the template's columns; none gives the template. */
export function writeProductCsv(products: readonly ProductCsvFields[]): string {
  return writeCsv([
    PRODUCT_CSV_COLUMNS,
    ...products.map((p) => [
      p.title,
      p.description ?? '',
      priceCell(p.price),
      p.brand ?? '',
      p.imageUrl ?? '',
      p.shortCode,
      ...Array.from({ length: MAX_STORE_URLS }, (_, i) => p.originalURLs[i] ?? ''),
      p.showOnShop ? 'yes' : 'no',
    ]),
  ]);
}

/** The downloadable template: the columns and one example row. */
export const PRODUCT_CSV_TEMPLATE = writeProductCsv([
  {
    title: 'Hand-block printed cotton kurta',
    description: 'Soft cotton, printed by hand in Bagru.',
    price: 1299,
    brand: 'Jaipur Threads',
    imageUrl: 'https://www.example.com/images/kurta.jpg',
    shortCode: 'cotton-kurta',
    originalURLs: [
      'https://www.amazon.in/dp/B0EXAMPLE1',
      'https://www.flipkart.com/cotton-kurta/p/itmexample',
    ],
    showOnShop: true,
  },
]);

/**
 * Redis key (under REDIS_KEY_PREFIX) of a file the gateway received for an import, kept an
 * hour as { source, text }: a file is larger than one NATS message may be.
 */
export const importUploadKey = (userId: string, uploadId: string) =>
  `imports:upload:${userId}:${uploadId}`;

/** How long a received file is kept for its preview, dry run and import. */
export const IMPORT_UPLOAD_SECONDS = 3600;
