import {
  CsvError,
  guardCell,
  ImportMessages,
  IMPORT_MAX_ROWS,
  parseCsv,
  parseRupees,
  parseShowOnShop,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_TEMPLATE,
  readAddressList,
  readCell,
  readProductCsv,
  writeCsv,
  writeProductCsv,
  type ProductCsvFields,
} from './product-csv';

describe('reading CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'a,b,c\n"Kurta, red","He said ""hi""","line one\nline two"\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['Kurta, red', 'He said "hi"', 'line one\nline two'] },
    ]);
  });

  it('drops the byte-order mark Excel writes and reads CRLF and CR line ends', () => {
    expect(parseCsv('\ufefftitle,price\r\nSaree,499\r\nDupatta,199')).toEqual([
      { line: 1, cells: ['title', 'price'] },
      { line: 2, cells: ['Saree', '499'] },
      { line: 3, cells: ['Dupatta', '199'] },
    ]);
    expect(parseCsv('a\rb\r').map((r) => r.cells)).toEqual([['a'], ['b']]);
  });

  it('counts lines inside quoted fields, skips blank lines, and keeps empty cells', () => {
    const records = parseCsv('h1,h2\r\n\r\n"x\r\ny",\r\nlast,""\r\n');
    expect(records).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 3, cells: ['x\r\ny', ''] },
      { line: 5, cells: ['last', ''] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsv('title\n"Kurta\nmore')).toThrow(ImportMessages.unclosedQuote(2));
  });
});

describe('rupee amounts as sellers type them', () => {
  it.each([
    ['1299', 1299],
    ['1,299', 1299],
    ['₹1,299.00', 1299],
    ['₹ 1,23,456.50', 123456.5],
    ['Rs. 499', 499],
    ['INR 99.9', 99.9],
    ['1,000,000', 1000000],
    ['499/-', 499],
    ['', null],
    ['  ', null],
  ])('reads %p as %p', (raw, value) => expect(parseRupees(raw)).toBe(value));

  it.each(['abc', '12.345', '-5', '1,2,3', '$20', '1.2.3'])('refuses %p', (raw) =>
    expect(parseRupees(raw)).toBeUndefined(),
  );

  it('reads yes and no, empty as yes, anything else as neither', () => {
    expect(['', 'Yes', 'TRUE', '1', 'no', 'N', 'false', 'maybe'].map(parseShowOnShop)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      undefined,
    ]);
  });
});

describe('formula injection', () => {
  it.each(['=HYPERLINK("http://x")', '+91 phone', '-10% off', '@SUM(A1)', "'=already", "''-x"])(
    'writes %p so no spreadsheet runs it, and reads it back unchanged',
    (value) => {
      expect(guardCell(value).startsWith("'")).toBe(true);
      expect(readCell(guardCell(value))).toBe(value);
    },
  );

  it('leaves ordinary text alone, including a lone leading quote', () => {
    for (const value of ['Kurta', "'quoted title", 'a=b']) {
      expect(guardCell(value)).toBe(value);
      expect(readCell(value)).toBe(value);
    }
  });

  it('writes guarded cells quoted where needed, with CRLF line ends', () => {
    expect(writeCsv([['=1+2', 'a,b', 'say "x"', 'two\nlines']])).toBe(
      `'=1+2,"a,b","say ""x""","two\nlines"\r\n`,
    );
  });
});

const product = (over: Partial<ProductCsvFields> = {}): ProductCsvFields => ({
  title: 'Kurta',
  description: null,
  price: null,
  brand: null,
  imageUrl: null,
  shortCode: 'kurta',
  originalURLs: ['https://www.amazon.in/dp/1', 'https://www.flipkart.com/p/2'],
  showOnShop: true,
  ...over,
});

describe('product files', () => {
  it('reads the template back as its example row', () => {
    const [row] = readProductCsv(PRODUCT_CSV_TEMPLATE);
    expect(row).toMatchObject({
      row: 2,
      title: 'Hand-block printed cotton kurta',
      price: '1299',
      shortCode: 'cotton-kurta',
      showOnShop: 'yes',
    });
    expect(row!.storeUrls).toHaveLength(2);
    expect(PRODUCT_CSV_TEMPLATE.split('\r\n')[0]).toBe(PRODUCT_CSV_COLUMNS.join(','));
  });

  it('writes products that read back field for field, awkward text included', () => {
    const products = [
      product({
        title: '=cmd|"/c calc"!A1, "the" kurta',
        description: 'Line one\nline two, with commas',
        price: 1299.5,
        brand: '@home',
        imageUrl: '/api/shop/product-images/abc',
        shortCode: 'k-1',
        originalURLs: Array.from({ length: 7 }, (_, i) => `https://shop${i}.example.com/p?a=1,b=2`),
        showOnShop: false,
      }),
      product({ title: '-20% sale', description: "'=x" }),
    ];
    const rows = readProductCsv(writeProductCsv(products));
    expect(rows.map((r) => [r.title, r.description, r.brand, r.storeUrls, r.showOnShop])).toEqual([
      [products[0]!.title, products[0]!.description, '@home', products[0]!.originalURLs, 'no'],
      ['-20% sale', "'=x", '', products[1]!.originalURLs, 'yes'],
    ]);
    expect(parseRupees(rows[0]!.price!)).toBe(1299.5);
  });

  it('takes columns in any order, named loosely, and store addresses from any of the 7', () => {
    const [row] = readProductCsv(
      'Short Code,Title,Store URL 3,store_url_1,Show on shop\nk1,Saree,https://b.example.com,https://a.example.com,no\n',
    );
    expect(row).toMatchObject({
      row: 2,
      title: 'Saree',
      shortCode: 'k1',
      storeUrls: ['https://a.example.com', 'https://b.example.com'],
      showOnShop: 'no',
    });
  });

  it('tells a column the file lacks (left as it is) from an empty cell (cleared)', () => {
    const [row] = readProductCsv('title,description,store_url_1\nSaree,,https://a.example.com\n');
    expect(row).toMatchObject({ description: '', shortCode: '' });
    expect(row!.price).toBeUndefined();
    expect(row!.brand).toBeUndefined();
    expect(row!.imageUrl).toBeUndefined();
    expect(row!.showOnShop).toBeUndefined();
  });

  it('refuses a file without a title column, with unknown columns, or without rows', () => {
    expect(() => readProductCsv('name,price\nx,1')).toThrow(CsvError);
    expect(() => readProductCsv('name,price\nx,1')).toThrow(
      ImportMessages.unknownColumns(['name']),
    );
    expect(() => readProductCsv('price\n1')).toThrow(ImportMessages.noTitleColumn);
    expect(() => readProductCsv('title\n')).toThrow(ImportMessages.empty);
    expect(() => readProductCsv('')).toThrow(ImportMessages.empty);
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, () => {
    const text = 'title\n' + 'x\n'.repeat(IMPORT_MAX_ROWS + 1);
    expect(() => readProductCsv(text)).toThrow(ImportMessages.tooManyRows);
    expect(readProductCsv('title\n' + 'x\n'.repeat(IMPORT_MAX_ROWS))).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe('a pasted list of store addresses', () => {
  it('makes one product a line, addresses split by spaces or commas, blank lines skipped', () => {
    const rows = readAddressList(
      'https://amzn.in/d/1 https://fkrt.it/2\r\n\r\nhttps://a.example.com/x, https://b.example.com/y,https://c.example.com/z\n',
    );
    expect(rows.map((r) => [r.row, r.storeUrls])).toEqual([
      [1, ['https://amzn.in/d/1', 'https://fkrt.it/2']],
      [3, ['https://a.example.com/x', 'https://b.example.com/y', 'https://c.example.com/z']],
    ]);
  });

  it('refuses an empty paste', () => {
    expect(() => readAddressList(' \n\n')).toThrow(ImportMessages.empty);
  });
});
