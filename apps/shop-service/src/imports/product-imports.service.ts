import { Inject, Injectable } from '@nestjs/common';
import {
  type Caller,
  CsvError,
  ErrorCode,
  ImportMessages,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportProblem,
  type ImportRowInput,
  type ImportRowResult,
  type ImportSource,
  type ImportStart,
  type ImportStatus,
  type ImportSummary,
  importUploadKey,
  type ProductBody,
  readAddressList,
  readProductCsv,
  type StorePage,
  Subjects,
  type UploadedImage,
  writeProductCsv,
  parseRupees,
  parseShowOnShop,
  ProductMessages,
  StorePageMessages,
} from '@kartlink/contracts';
import { CreateProductRequest } from '@kartlink/contracts/dto';
import { CONFIG, NatsRequester, ServiceError } from '@kartlink/server-kit';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Redis } from 'ioredis';
import type { ShopConfig } from '../config';
import type { ImportRowBody } from '../products/products.service';
import { ProductsService } from '../products/products.service';
import { REDIS } from '../redis.provider';
import { ImportJobs, type ImportJobData } from './import.jobs';

/** Column of the file each field of a product body comes from. */
const COLUMN_OF: Record<string, string> = {
  title: 'title',
  description: 'description',
  price: 'price',
  brand: 'brand',
  imageUrl: 'image_url',
  shortCode: 'short_code',
  originalURLs: 'store_urls',
  showOnShop: 'show_on_shop',
};

/** Images (or store pages) of a chunk fetched side by side. */
const FETCHES_AT_ONCE = 4;

interface CheckedRow {
  input: ImportRowInput;
  body: ProductBody;
  errors: ImportProblem[];
}

/**
 * Bulk import (CSV file or pasted store addresses) and export of an owner's products. Each row
 * is checked against the contract a created product is (CreateProductRequest: the same words),
 * a preview and a dry run save nothing, and the import itself is a BullMQ job (ImportJobs)
 * whose progress the owner's page polls.
 */
@Injectable()
export class ProductImportsService {
  constructor(
    private readonly products: ProductsService,
    private readonly jobs: ImportJobs,
    private readonly services: NatsRequester,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: ShopConfig,
  ) {
    jobs.work((data, rows) => this.importChunk(data, rows));
  }

  async preview(caller: Caller, uploadId: string): Promise<ImportPreview> {
    const { source, checked, summary } = await this.check(caller, uploadId);
    const rows: ImportPreviewRow[] = checked.map(({ input, body, errors }) => ({
      row: input.row,
      title: input.title.trim(),
      shortCode: input.shortCode,
      stores: body.originalURLs.length,
      action: errors.length === 0 && this.isUpdate(body, summary) ? 'update' : 'create',
      errors,
    }));
    return { uploadId, source, summary: summary.counts, rows };
  }

  async start(caller: Caller, uploadId: string, dryRun: boolean): Promise<ImportStart> {
    const { source, checked, summary } = await this.check(caller, uploadId);
    if (dryRun) return { dryRun: true, summary: summary.counts };
    const data: ImportJobData = {
      caller,
      source,
      rows: checked
        .filter((c) => c.errors.length === 0)
        .map(({ input, body }) => ({ row: input.row, body, imageUrl: input.imageUrl ?? '' })),
      refused: checked
        .filter((c) => c.errors.length > 0)
        .map(({ input, errors }) => ({ row: input.row, outcome: 'failed', errors, notes: [] })),
    };
    const jobId = await this.jobs.add(data);
    return { dryRun: false, jobId, summary: summary.counts };
  }

  async status(caller: Caller, jobId: string): Promise<ImportStatus> {
    const status = await this.jobs.status(caller.userId, jobId);
    if (!status) throw ServiceError.notFound(ImportMessages.jobNotFound);
    return status;
  }

  /** GET /api/urls/export.csv: the owner's products with the import's columns. */
  async exportCsv(caller: Caller): Promise<{ filename: string; csv: string }> {
    const { shopUrl, products } = await this.products.exportRows(caller);
    const csv = writeProductCsv(
      products.map((p) => ({
        ...p,
        // Absolute, so that the file means something outside; an import keeps it as ours.
        imageUrl: p.imageUrl?.startsWith('/')
          ? `${this.config.PUBLIC_URL}${p.imageUrl}`
          : p.imageUrl,
      })),
    );
    return { filename: `kartlink-${shopUrl}-products.csv`, csv };
  }

  /** The job's work on one chunk of rows: images (or store pages) first, then one save. */
  async importChunk(data: ImportJobData, rows: ImportJobData['rows']): Promise<ImportRowResult[]> {
    const notes = new Map<number, string[]>();
    const failed: ImportRowResult[] = [];
    const ready: ImportRowBody[] = [];
    const prepared = await mapLimited(rows, FETCHES_AT_ONCE, (row) =>
      data.source === 'list'
        ? this.fromStorePage(data.caller, row)
        : this.withImage(data.caller, row),
    );
    for (const item of prepared) {
      if ('failed' in item && item.failed) failed.push(item.failed);
      else {
        ready.push({ row: item.row, body: item.body });
        notes.set(item.row, item.notes);
      }
    }
    const saved = ready.length ? await this.products.importRows(data.caller, ready) : [];
    return [
      ...failed,
      ...saved.map((r) => ({ ...r, notes: [...(notes.get(r.row) ?? []), ...r.notes] })),
    ].sort((a, b) => a.row - b.row);
  }

  /** A CSV row's image: ours kept as it is, another address copied through the upload checks. */
  private async withImage(caller: Caller, row: ImportJobData['rows'][number]) {
    const notes: string[] = [];
    const body: ProductBody = { ...row.body };
    const own = this.ownImage(row.imageUrl);
    if (own !== undefined) body.imageUrl = own;
    else if (row.imageUrl) {
      try {
        const image = await this.services.request<UploadedImage>(
          Subjects.media.copyImage,
          { caller: { userId: caller.userId }, url: row.imageUrl },
          { timeoutMs: 60_000 },
        );
        body.imageUrl = image.url;
      } catch (err) {
        notes.push(ImportMessages.imageNotCopied(messageOf(err)));
      }
    }
    return { row: row.row, body, notes };
  }

  /** A pasted line: title, description, price, brand and image from its first store's page. */
  private async fromStorePage(caller: Caller, row: ImportJobData['rows'][number]) {
    let page: StorePage;
    try {
      page = await this.services.request<StorePage>(
        Subjects.media.readStorePage,
        { caller: { userId: caller.userId }, url: row.body.originalURLs[0], unpaced: true },
        { timeoutMs: 60_000 },
      );
    } catch (err) {
      const failed: ImportRowResult = {
        row: row.row,
        outcome: 'failed',
        errors: [{ column: 'store_url_1', msg: messageOf(err) }],
        notes: [],
      };
      return { failed };
    }
    if (!page.title) {
      const failed: ImportRowResult = {
        row: row.row,
        outcome: 'failed',
        errors: [{ column: 'title', msg: ProductMessages.titleRequired }],
        notes: page.notes,
      };
      return { failed };
    }
    const body: ProductBody = {
      ...row.body,
      title: page.title.slice(0, 200),
      ...(page.description ? { description: page.description.slice(0, 2000) } : {}),
      ...(page.price !== undefined ? { price: page.price } : {}),
      ...(page.brand ? { brand: page.brand.slice(0, 100) } : {}),
      ...(page.image ? { imageUrl: page.image.url } : {}),
    };
    return { row: row.row, body, notes: page.notes };
  }

  /** An image address of Kartlink's own (an export's), as the path a product keeps. */
  private ownImage(address: string): string | undefined {
    const path = address.startsWith(this.config.PUBLIC_URL)
      ? address.slice(this.config.PUBLIC_URL.length)
      : address;
    return /^\/api\/shop\/product-images\/[A-Za-z0-9._-]+$/.test(path) ? path : undefined;
  }

  private isUpdate(body: ProductBody, summary: { existing: Set<string> }) {
    return body.shortCode !== undefined && summary.existing.has(body.shortCode);
  }

  /** The kept file read and every row checked; rows past the plan's room marked. */
  private async check(caller: Caller, uploadId: string) {
    const upload = await this.upload(caller, uploadId);
    let inputs: ImportRowInput[];
    try {
      inputs =
        upload.source === 'list' ? readAddressList(upload.text) : readProductCsv(upload.text);
    } catch (err) {
      if (!(err instanceof CsvError)) throw err;
      const code =
        err.message === ImportMessages.tooManyRows
          ? ErrorCode.PAYLOAD_TOO_LARGE
          : ErrorCode.BAD_REQUEST;
      throw new ServiceError(code, err.message);
    }
    const checked = inputs.map((input) => checkRow(input, upload.source));
    // The same short code twice in one file: the later rows are refused.
    const seen = new Map<string, number>();
    for (const c of checked) {
      const code = c.body.shortCode;
      if (!code) continue;
      const first = seen.get(code);
      if (first !== undefined)
        c.errors.push({ column: 'short_code', msg: ImportMessages.duplicateShortCode(first) });
      else seen.set(code, c.input.row);
    }
    const existing = await this.products.existingCodes(caller, [...seen.keys()]);
    const quota = await this.products.quota(caller);
    let room = quota.limit === null ? Infinity : Math.max(0, quota.limit - quota.used);
    let creates = 0;
    let updates = 0;
    let fit = 0;
    for (const c of checked) {
      if (c.errors.length) continue;
      if (c.body.shortCode && existing.has(c.body.shortCode)) {
        updates += 1;
        continue;
      }
      creates += 1;
      if (room > 0) {
        room -= 1;
        fit += 1;
      } else c.errors.push({ column: '', msg: ImportMessages.overLimit });
    }
    const invalid = checked.filter((c) => c.errors.length > 0).length;
    const counts: ImportSummary = {
      rows: checked.length,
      valid: checked.length - invalid,
      invalid,
      creates,
      updates,
      fit,
      limit: quota.limit,
      used: quota.used,
    };
    return { source: upload.source, checked, summary: { counts, existing } };
  }

  private async upload(
    caller: Caller,
    uploadId: string,
  ): Promise<{ source: ImportSource; text: string }> {
    const kept =
      typeof uploadId === 'string' && /^[0-9a-f-]{36}$/.test(uploadId)
        ? await this.redis.get(importUploadKey(caller.userId, uploadId))
        : null;
    if (!kept) throw ServiceError.notFound(ImportMessages.uploadGone);
    return JSON.parse(kept) as { source: ImportSource; text: string };
  }
}

/** A row of the file as a product body, and its problems in the contract's words. */
function checkRow(input: ImportRowInput, source: ImportSource): CheckedRow {
  const errors: ImportProblem[] = [];
  if (source === 'list') {
    const body: ProductBody = { title: 'from the store page', originalURLs: input.storeUrls };
    return { input, body, errors: validate(body).filter((e) => e.column === 'store_urls') };
  }
  // A column the file has sets its field (an empty cell clears it); one it lacks leaves it.
  const body: ProductBody = { title: input.title, originalURLs: input.storeUrls };
  if (input.description !== undefined) body.description = input.description;
  if (input.brand !== undefined) body.brand = input.brand;
  if (input.shortCode) body.shortCode = input.shortCode;
  if (input.price !== undefined) {
    const price = parseRupees(input.price);
    if (price === undefined) errors.push({ column: 'price', msg: ProductMessages.priceInvalid });
    else body.price = price;
  }
  if (input.showOnShop !== undefined) {
    const shown = parseShowOnShop(input.showOnShop);
    if (shown === undefined)
      errors.push({ column: 'show_on_shop', msg: ImportMessages.showOnShop });
    else body.showOnShop = shown;
  }
  if (input.imageUrl === '') body.imageUrl = null;
  else if (input.imageUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(input.imageUrl))
    errors.push({ column: 'image_url', msg: StorePageMessages.invalidUrl });
  errors.push(...validate(body));
  return { input, body, errors };
}

function validate(body: ProductBody): ImportProblem[] {
  const found = validateSync(plainToInstance(CreateProductRequest, body), {
    stopAtFirstError: true,
  });
  return found.flatMap((e) =>
    Object.values(e.constraints ?? {}).map((msg) => ({
      column: COLUMN_OF[e.property] ?? e.property,
      msg,
    })),
  );
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** `work` over `items`, at most `limit` at a time, answers in order. */
async function mapLimited<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}
