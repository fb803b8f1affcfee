import {
  type AfterEndAction,
  DEFAULT_TIME_ZONE,
  ENDED_MESSAGE_MAX,
  fromZonedInput,
  ScheduleMessages,
  toZonedInput,
  MAX_STORE_URLS,
  MIN_STORE_URLS,
  normalizeStoreUrl,
  ProductMessages,
  shortCodeProblem,
  storeUrlsProblem,
  vendorOf,
  type Product,
  type ProductBody,
} from '@kartlink/contracts';

/** What the product form holds: text as typed, store addresses one per row. */
export interface ProductFormValues {
  storeUrls: string[];
  title: string;
  description: string;
  price: string;
  brand: string;
  /** Picture addresses in order; the first is the cover. */
  images: string[];
  shortCode: string;
  showOnShop: boolean;
  /** Off: this product's store links get no affiliate tags or UTM parameters. */
  affiliateTags: boolean;
  /** The vendor key of the store shown first and opened by the bare /go link; '' for none. */
  defaultStore: string;
  /** When the price was read from a store page (ISO); '' once the owner types a price. */
  priceReadAt: string;
  /** The window on the shop, as datetime-local values in the shop's time zone; '' for none. */
  startsAt: string;
  endsAt: string;
  afterEnd: AfterEndAction;
  endedMessage: string;
}

export const PRODUCT_FIELDS = [
  'originalURLs',
  'title',
  'description',
  'price',
  'brand',
  'images',
  'shortCode',
  'startsAt',
  'endsAt',
  'endedMessage',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Field lengths the server keeps (libs/contracts product DTO). */
export const PRODUCT_LIMITS = {
  title: 200,
  description: 2000,
  brand: 100,
  shortCode: 40,
  price: 100_000_000,
  /** Pictures a product may have (the product DTO's limit). */
  images: 10,
  endedMessage: ENDED_MESSAGE_MAX,
} as const;

export const ProductFormMessages = {
  descriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.description} characters`,
  brandTooLong: `Brand must be at most ${PRODUCT_LIMITS.brand} characters`,
  startsAtInvalid: 'Choose a date and a time for the start',
  endsAtInvalid: 'Choose a date and a time for the end',
  imagesUploading: 'Please wait until the pictures have finished uploading.',
  created: 'Product link created',
  saved: 'Changes saved',
  deleted: 'Link deleted',
} as const;

export function emptyProductForm(): ProductFormValues {
  return {
    storeUrls: Array.from({ length: MIN_STORE_URLS }, () => ''),
    title: '',
    description: '',
    price: '',
    brand: '',
    images: [],
    shortCode: '',
    showOnShop: true,
    affiliateTags: true,
    defaultStore: '',
    priceReadAt: '',
    startsAt: '',
    endsAt: '',
    afterEnd: 'message',
    endedMessage: '',
  };
}

/** A product's store links as the form's rows: at least the minimum, empty ones last. */
export function storeRowsOf(originalURLs: readonly string[]): string[] {
  const rows = [...originalURLs];
  while (rows.length < MIN_STORE_URLS) rows.push('');
  return rows.slice(0, MAX_STORE_URLS);
}

/** A product as the form shows it; its window in the shop's time zone. */
export function valuesFromProduct(
  product: Product,
  timeZone: string = DEFAULT_TIME_ZONE,
): ProductFormValues {
  return {
    storeUrls: storeRowsOf(product.originalURLs),
    title: product.title,
    description: product.description ?? '',
    price: product.price === null ? '' : String(product.price),
    brand: product.brand ?? '',
    images: productImageList(product),
    shortCode: product.shortCode,
    showOnShop: product.showOnShop,
    affiliateTags: product.affiliateTags ?? true,
    defaultStore: product.defaultStore ?? '',
    priceReadAt: product.priceReadAt ?? '',
    startsAt: product.startsAt ? toZonedInput(product.startsAt, timeZone) : '',
    endsAt: product.endsAt ? toZonedInput(product.endsAt, timeZone) : '',
    afterEnd: product.afterEnd ?? 'message',
    endedMessage: product.endedMessage ?? '',
  };
}

/** A product's pictures for the form: the cover (imageUrl) first, each once. */
function productImageList(product: Product): string[] {
  const all = [product.imageUrl, ...(product.productDetails?.images ?? [])];
  const unique = [...new Set(all.filter((url): url is string => Boolean(url)))];
  return unique.slice(0, PRODUCT_LIMITS.images);
}

/** The store an address opens, as it will be kept (javascript: stripped, https:// added). */
export function detectStore(raw: string): { url: string; vendor: string; key: string } | null {
  if (!raw.trim()) return null;
  const url = normalizeStoreUrl(raw);
  return url ? { url, ...vendorOf(url) } : null;
}

/**
 * The stores that can be pinned: each vendor key once, in row order. A key stands for the
 * first store of that key, as the redirect reads it.
 */
export function pinnableStores(
  storeUrls: readonly string[],
): Array<{ key: string; vendor: string }> {
  const seen = new Set<string>();
  const stores: Array<{ key: string; vendor: string }> = [];
  for (const raw of storeUrls) {
    const store = detectStore(raw);
    if (!store || seen.has(store.key)) continue;
    seen.add(store.key);
    stores.push({ key: store.key, vendor: store.vendor });
  }
  return stores;
}

/** The pinned store as sent: null when none is chosen or its store has gone from the rows. */
function defaultStoreOf(values: ProductFormValues): string | null {
  const key = values.defaultStore;
  return key && pinnableStores(values.storeUrls).some((store) => store.key === key) ? key : null;
}

/** "₹2,499.50" or "2499.5" → 2499.5; '' → null; undefined when it is no amount. */
export function parseRupees(typed: string): number | null | undefined {
  const cleaned = typed.replace(/[₹,\s]/g, '');
  if (!cleaned) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const amount = Number(cleaned);
  return amount <= PRODUCT_LIMITS.price ? amount : undefined;
}

interface ProductFormCheck {
  /** Problems per field; `originalURLs` is about the list as a whole. */
  fields: Partial<Record<ProductField, string>>;
  /** Problems per store row, in row order. */
  rows: Array<string | undefined>;
  /** The stores, as they will be sent, when the rows are fine. */
  storeUrls: string[];
}

/** SPEC section 5 and the contract's product rules, applied to the form as typed. */
export function checkProductForm(
  values: ProductFormValues,
  timeZone: string = DEFAULT_TIME_ZONE,
): ProductFormCheck {
  const rows = values.storeUrls.map((raw, index) =>
    raw.trim() && !normalizeStoreUrl(raw) ? ProductMessages.badStoreUrl(index + 1) : undefined,
  );
  const storeUrls = values.storeUrls
    .filter((raw) => raw.trim())
    .map((raw) => normalizeStoreUrl(raw) ?? raw);
  const fields: ProductFormCheck['fields'] = {};
  if (!rows.some(Boolean)) {
    const listProblem = storeUrlsProblem(storeUrls);
    if (listProblem) fields.originalURLs = listProblem;
  }

  const title = values.title.trim();
  if (!title) fields.title = ProductMessages.titleRequired;
  else if (title.length > PRODUCT_LIMITS.title) fields.title = ProductMessages.titleTooLong;
  if (values.description.trim().length > PRODUCT_LIMITS.description)
    fields.description = ProductFormMessages.descriptionTooLong;
  if (parseRupees(values.price) === undefined) fields.price = ProductMessages.priceInvalid;
  if (values.brand.trim().length > PRODUCT_LIMITS.brand)
    fields.brand = ProductFormMessages.brandTooLong;
  const shortCode = values.shortCode.trim();
  if (shortCode) {
    const problem = shortCodeProblem(shortCode);
    if (problem) fields.shortCode = problem;
  }
  const { startsAt, endsAt } = scheduleOf(values, timeZone);
  if (startsAt === undefined) fields.startsAt = ProductFormMessages.startsAtInvalid;
  if (endsAt === undefined) fields.endsAt = ProductFormMessages.endsAtInvalid;
  else if (startsAt && endsAt && endsAt <= startsAt)
    fields.endsAt = ScheduleMessages.endBeforeStart;
  if (values.endedMessage.trim().length > PRODUCT_LIMITS.endedMessage)
    fields.endedMessage = ScheduleMessages.endedMessageTooLong;
  return { fields, rows, storeUrls };
}

/** The window as instants: null when left empty, undefined when it is no time. */
function scheduleOf(values: ProductFormValues, timeZone: string) {
  const instant = (local: string) =>
    local ? (fromZonedInput(local, timeZone) ?? undefined) : null;
  return { startsAt: instant(values.startsAt), endsAt: instant(values.endsAt) };
}

/** The read date goes with a price only while it is the store page's. */
function priceReadAtOf(values: ProductFormValues, price: number | null | undefined) {
  return typeof price === 'number' && values.priceReadAt ? values.priceReadAt : null;
}

export const hasProblems = (check: ProductFormCheck) =>
  Object.values(check.fields).some(Boolean) || check.rows.some(Boolean);

/** POST /urls: empty optional fields are left out; an empty short code gets a random one. */
export function createBody(
  values: ProductFormValues,
  storeUrls: string[],
  timeZone: string = DEFAULT_TIME_ZONE,
): ProductBody {
  const price = parseRupees(values.price);
  const body: ProductBody = {
    title: values.title.trim(),
    originalURLs: storeUrls,
    showOnShop: values.showOnShop,
  };
  // The server's defaults (tags on, nothing pinned) need not be said.
  if (!values.affiliateTags) body.affiliateTags = false;
  const defaultStore = defaultStoreOf(values);
  if (defaultStore) body.defaultStore = defaultStore;
  if (values.description.trim()) body.description = values.description.trim();
  if (typeof price === 'number') body.price = price;
  const priceReadAt = priceReadAtOf(values, price);
  if (priceReadAt) body.priceReadAt = priceReadAt;
  const { startsAt, endsAt } = scheduleOf(values, timeZone);
  if (startsAt) body.startsAt = startsAt.toISOString();
  if (endsAt) body.endsAt = endsAt.toISOString();
  if (values.afterEnd !== 'message') body.afterEnd = values.afterEnd;
  if (values.endedMessage.trim()) body.endedMessage = values.endedMessage.trim();
  if (values.brand.trim()) body.brand = values.brand.trim();
  if (values.images.length > 0) {
    body.images = [...values.images];
    body.imageUrl = values.images[0];
  }
  if (values.shortCode.trim()) body.shortCode = values.shortCode.trim();
  return body;
}

/** PATCH /urls/{id}: every field, so that emptied ones are emptied on the server too. */
export function updateBody(
  values: ProductFormValues,
  storeUrls: string[],
  timeZone: string = DEFAULT_TIME_ZONE,
): ProductBody {
  const price = parseRupees(values.price);
  const { startsAt, endsAt } = scheduleOf(values, timeZone);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: typeof price === 'number' ? price : null,
    priceReadAt: priceReadAtOf(values, price),
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    afterEnd: values.afterEnd,
    endedMessage: values.endedMessage.trim() || null,
    brand: values.brand.trim(),
    imageUrl: values.images[0] ?? null,
    images: [...values.images],
    originalURLs: storeUrls,
    showOnShop: values.showOnShop,
    affiliateTags: values.affiliateTags,
    defaultStore: defaultStoreOf(values),
    ...(values.shortCode.trim() ? { shortCode: values.shortCode.trim() } : {}),
  };
}

/** SPEC section 2 (product card): text cut at a length, with an ellipsis. */
export function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
