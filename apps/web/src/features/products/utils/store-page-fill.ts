import { formatReadDate, formatRupees, type StorePage } from '@kartlink/contracts';
import { detectStore, type ProductFormValues } from './product-form';

/**
 * How a store page read fills the link form: `empty` (after a paste) only fills what the owner
 * left empty, `all` (the owner pressed the button) replaces what the page says.
 */
export type FillMode = 'empty' | 'all';

export function applyStorePage(
  values: ProductFormValues,
  page: StorePage,
  mode: FillMode,
): ProductFormValues {
  const take = (current: string, found: string | undefined) =>
    found !== undefined && (mode === 'all' || !current.trim()) ? found : current;
  const price = page.price === undefined ? undefined : formatRupees(page.price).replace(/^₹/, '');
  const image = page.image?.url;
  return {
    ...values,
    title: take(values.title, page.title),
    description: take(values.description, page.description),
    price: take(values.price, price),
    // The date goes with the page's price only when the form took it.
    priceReadAt:
      price !== undefined && (mode === 'all' || !values.price.trim())
        ? (page.priceReadAt ?? '')
        : values.priceReadAt,
    brand: take(values.brand, page.brand),
    // The page's picture becomes the cover; the owner's own pictures stay after it.
    images:
      image && !values.images.includes(image)
        ? [image, ...values.images].slice(0, 10)
        : values.images,
  };
}

/** What the form says it filled: "Filled from Amazon: title, price (₹799 as of 24 Nov), …". */
export function storePageSummary(page: StorePage): string {
  const parts: string[] = [];
  if (page.title) parts.push('title');
  if (page.description) parts.push('description');
  if (page.price !== undefined)
    parts.push(
      `price (${formatRupees(page.price)}${
        page.priceReadAt ? ` as of ${formatReadDate(page.priceReadAt)}` : ''
      })`,
    );
  if (page.brand) parts.push('brand');
  if (page.image) parts.push('picture');
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return [`Filled from ${page.store}: ${list}. Check them before saving.`, ...page.notes].join(' ');
}

/** The row a page is read from: the first store that is a web page (not a WhatsApp chat). */
export function fillableStore(rows: readonly string[]) {
  for (const row of rows) {
    const store = detectStore(row);
    if (store && store.key !== 'whatsapp') return store;
  }
  return null;
}
