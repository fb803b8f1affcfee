import { EMBEDDED_DATA_ID, type EmbeddedPublicData } from '@kartlink/contracts';
import type { Dispatch } from '@reduxjs/toolkit';
import { shopUrlParam, shortCodeParam } from '../utils/params';
import {
  publicProductFrom,
  publicShopFrom,
  shopProductsFrom,
  storefrontApi,
} from './storefront-api';

type Entries = Parameters<typeof storefrontApi.util.upsertQueryEntries>[0];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The JSON of the page's embedded data script, or undefined when there is none or it is bad. */
export function embeddedDataOf(doc: Document): unknown {
  const text = doc.getElementById(EMBEDDED_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The cache entries the embedded data gives: only the parts that read as their query's answer. */
function entriesOf(embedded: Partial<Record<keyof EmbeddedPublicData, unknown>>): Entries {
  const entries: Entries = [];
  const { shop, products, product } = embedded;
  if (isRecord(shop)) {
    const shopUrl = shopUrlParam(text(shop.shopUrl));
    const value = publicShopFrom(shop.data);
    if (shopUrl && value) entries.push({ endpointName: 'publicShop', arg: shopUrl, value });
  }
  if (isRecord(products)) {
    const shopUrl = shopUrlParam(text(products.shopUrl));
    const value = shopProductsFrom(products.data);
    if (shopUrl && value) entries.push({ endpointName: 'publicShopProducts', arg: shopUrl, value });
  }
  if (isRecord(product)) {
    const shopUrl = shopUrlParam(text(product.shopUrl));
    const shortCode = shortCodeParam(text(product.shortCode));
    const value = publicProductFrom(product.data);
    if (shopUrl && shortCode && value) {
      entries.push({ endpointName: 'publicProduct', arg: { shopUrl, shortCode }, value });
    }
  }
  return entries;
}

/**
 * Called once before the first render, with the data the server embedded in a public page
 * (libs/contracts web-page.ts; `embeddedDataOf`), in the browser and on the server that renders
 * the page (entry-server.tsx): it goes into the storefront queries' cache, through the same
 * transforms their answers go through and under the arguments the pages ask with, so that the
 * page paints at once and its queries count as freshly fetched (no refetch for the cache's
 * five minutes). A page without the script, bad JSON or a part that does not read as its
 * answer seeds nothing of it: the page then fetches as usual.
 */
export function seedEmbeddedData(dispatch: Dispatch, embedded: unknown): void {
  if (!isRecord(embedded)) return;
  const entries = entriesOf(embedded);
  if (entries.length > 0) dispatch(storefrontApi.util.upsertQueryEntries(entries));
}
