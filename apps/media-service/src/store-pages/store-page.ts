import { vendorOf } from '@kartlink/contracts';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What a store's product page says about the product, each part only when the page says it. */
export interface StorePageFacts {
  title?: string;
  description?: string;
  /** In rupees: a price in another currency is left out (`currency` says which it was). */
  price?: number;
  /** The currency of a price that is not in rupees. */
  currency?: string;
  brand?: string;
  /** An absolute http(s) address of the product's main image. */
  image?: string;
}

/** The product fields' limits (CreateProductRequest): longer texts are cut, at a word. */
const LIMITS = { title: 200, description: 2000, brand: 100 } as const;
const MAX_PRICE = 100_000_000;

/** Stores that sell in rupees: a price their pages give without a currency is in rupees. */
const RUPEE_STORES = new Set(['amazon', 'flipkart', 'myntra', 'ajio', 'meesho']);

interface Page {
  title?: string;
  /** meta property/name (lower case) → content, first one kept. */
  meta: Map<string, string>;
  /** The text of JSON scripts: JSON-LD, Next.js data, and `window.x = {...}` states. */
  jsonLd: string[];
  scripts: string[];
  byId: Map<string, Element>;
  /** link rel=image_src */
  imageSrc?: string;
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('childNodes' in node) return node.childNodes.map(textOf).join(' ');
  return '';
}

function readPage(html: string): Page {
  const page: Page = { meta: new Map(), jsonLd: [], scripts: [], byId: new Map() };
  const walk = (node: Node) => {
    if ('tagName' in node) {
      const element = node;
      const id = attr(element, 'id');
      if (id && !page.byId.has(id)) page.byId.set(id, element);
      switch (element.tagName) {
        case 'title':
          page.title ??= textOf(element);
          break;
        case 'meta': {
          const key = (attr(element, 'property') ?? attr(element, 'name') ?? '').toLowerCase();
          const content = attr(element, 'content');
          if (key && content !== undefined && !page.meta.has(key)) page.meta.set(key, content);
          break;
        }
        case 'link':
          if ((attr(element, 'rel') ?? '').toLowerCase() === 'image_src')
            page.imageSrc ??= attr(element, 'href');
          break;
        case 'script': {
          const type = (attr(element, 'type') ?? '').toLowerCase();
          const text = textOf(element);
          if (type === 'application/ld+json') page.jsonLd.push(text);
          else if (type === '' || type.includes('javascript') || type === 'application/json')
            page.scripts.push(text);
          return;
        }
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return page;
}

/** Whitespace collapsed, trimmed, cut at the limit (at a word where one is near). */
function clean(value: unknown, limit: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > limit * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A price as pages write it: 1299, "1299.00", "₹1,299", "Rs. 1,29,999.50", "INR 799". */
export function parsePrice(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /\d[\d,]*(\.\d+)?/.exec(value.replace(/\s+/g, ''));
  if (!match) return undefined;
  const amount = Number(match[0].replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount > MAX_PRICE) return undefined;
  return Math.round(amount * 100) / 100;
}

function absoluteImage(value: unknown, pageUrl: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Some stores leave raw line breaks inside JSON-LD strings.
    try {
      return JSON.parse(text.replace(/[\n\r\t]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

/** Every object of a JSON-LD document, @graph and arrays included. */
function* jsonLdNodes(value: unknown): Generator<Json> {
  if (Array.isArray(value)) for (const item of value) yield* jsonLdNodes(item);
  else if (isObject(value)) {
    yield value;
    if (value['@graph']) yield* jsonLdNodes(value['@graph']);
  }
}

const isProduct = (node: Json) => {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === 'Product' || t === 'ProductGroup' || t === 'IndividualProduct');
};

function nameOf(value: unknown): unknown {
  const item = first(value);
  return isObject(item) ? item.name : item;
}

function imageOf(value: unknown): unknown {
  const item = first(value);
  return isObject(item) ? (item.url ?? item.contentUrl) : item;
}

interface Found extends StorePageFacts {
  /** The currency the page gave with its price, if any. */
  priceCurrency?: string;
  rawPrice?: unknown;
}

function fromJsonLd(page: Page): Found {
  for (const text of page.jsonLd)
    for (const node of jsonLdNodes(parseJson(text))) {
      if (!isProduct(node)) continue;
      let offer = first(node.offers);
      // A product group's variants carry the offers.
      if (!offer && Array.isArray(node.hasVariant)) offer = first(first(node.hasVariant) as Json);
      const offers = isObject(offer) ? offer : {};
      const spec = isObject(offers.priceSpecification) ? (offers.priceSpecification as Json) : {};
      // Texts in JSON-LD are often written as HTML (entities, tags): read as a browser shows them.
      return {
        title: stripTags(nameOf(node.name)),
        description: stripTags(node.description),
        brand: stripTags(nameOf(node.brand)),
        image: imageOf(node.image) as string | undefined,
        rawPrice: offers.price ?? offers.lowPrice ?? spec.price,
        priceCurrency: (offers.priceCurrency ?? spec.priceCurrency) as string | undefined,
      };
    }
  return {};
}

function fromMeta(page: Page): Found {
  const m = (...keys: string[]) => keys.map((k) => page.meta.get(k)).find((v) => v?.trim());
  return {
    title: m('og:title', 'twitter:title', 'title') ?? page.title,
    description: m('og:description', 'twitter:description', 'description'),
    brand: m('product:brand', 'og:brand', 'brand'),
    image: m('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image') ?? page.imageSrc,
    rawPrice: m('product:price:amount', 'og:price:amount', 'product:sale_price:amount'),
    priceCurrency: m('product:price:currency', 'og:price:currency'),
  };
}

/** Amazon's product pages: few tags, the facts in the page's own elements. */
function fromAmazon(page: Page): Found {
  const text = (id: string) => {
    const element = page.byId.get(id);
    return element ? textOf(element) : undefined;
  };
  const image = page.byId.get('landingImage') ?? page.byId.get('imgBlkFront');
  let imageUrl = image && (attr(image, 'data-old-hires') || undefined);
  if (!imageUrl && image) {
    // data-a-dynamic-image: {"https://…_SX679_.jpg":[679,679], …}: the largest.
    const sizes = parseJson(attr(image, 'data-a-dynamic-image') ?? '');
    if (isObject(sizes))
      imageUrl = Object.entries(sizes).sort(
        ([, a], [, b]) => Number(first(b)) - Number(first(a)),
      )[0]?.[0];
    imageUrl ??= attr(image, 'src');
  }
  const byline = text('bylineInfo')
    ?.replace(/^\s*(visit the|brand:)\s*/i, '')
    .replace(/\s+store\s*$/i, '');
  const price =
    text('corePriceDisplay_desktop_feature_div') ??
    text('corePrice_feature_div') ??
    text('priceblock_ourprice') ??
    text('priceblock_dealprice');
  return {
    title: text('productTitle'),
    description: text('productDescription'),
    brand: byline,
    image: imageUrl,
    rawPrice: price && /₹\s*[\d,]+(\.\d+)?/.exec(price)?.[0],
  };
}

/** The first `name = {…};` state object a script assigns (Myntra's window.__myx, AJIO's). */
function scriptState(page: Page, name: string): unknown {
  const pattern = new RegExp(`${name.replace(/[.$]/g, '\\$&')}\\s*=\\s*`);
  for (const script of page.scripts) {
    const match = pattern.exec(script);
    if (!match) continue;
    const start = match.index + match[0].length;
    const end = script.lastIndexOf('}');
    if (end > start) {
      const value = parseJson(script.slice(start, end + 1));
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** Myntra's product pages: window.__myx = {"pdpData": {…}}. */
function fromMyntra(page: Page): Found {
  const state = scriptState(page, 'window.__myx');
  const pdp = isObject(state) && isObject(state.pdpData) ? state.pdpData : undefined;
  if (!pdp) return {};
  const price = isObject(pdp.price) ? pdp.price : {};
  const albums = isObject(pdp.media) && Array.isArray(pdp.media.albums) ? pdp.media.albums : [];
  const album = albums.find((a) => isObject(a) && Array.isArray(a.images)) as Json | undefined;
  const image = first(album?.images);
  const details = Array.isArray(pdp.productDetails) ? first(pdp.productDetails) : undefined;
  return {
    title: stripTags(pdp.name),
    brand: stripTags(nameOf(pdp.brand)),
    description: isObject(details) ? stripTags(details.description) : undefined,
    image: isObject(image) ? (image.imageURL ?? image.src) : undefined,
    rawPrice: price.discounted ?? price.mrp,
    priceCurrency: 'INR',
  } as Found;
}

/** A text stores keep as HTML inside their JSON: what a browser would show of it. */
function stripTags(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  if (!/[<&]/.test(value)) return value;
  return textOf(parse(`<body>${value}</body>`));
}

/** Facts found by each reader, most trusted first: a later reader only fills what is missing. */
function merge(...found: Found[]): Found {
  const merged: Found = {};
  for (const facts of found)
    for (const [key, value] of Object.entries(facts) as Array<[keyof Found, unknown]>)
      if (merged[key] === undefined && value !== undefined && value !== null && value !== '')
        (merged as Record<string, unknown>)[key] = value;
  // A price and its currency come from the same reader.
  const priced = found.find((f) => parsePrice(f.rawPrice) !== undefined);
  merged.rawPrice = priced?.rawPrice;
  merged.priceCurrency = priced?.priceCurrency;
  return merged;
}

/**
 * Reads a store's product page: schema.org Product JSON-LD first, then the page shapes of the
 * big Indian stores where they keep the facts elsewhere (Amazon's elements, Myntra's state),
 * then Open Graph and other meta tags, then the page's title.
 */
export function readStorePage(html: string, pageUrl: string): StorePageFacts {
  const page = readPage(html);
  const store = vendorOf(pageUrl).key;
  const readers: Found[] = [fromJsonLd(page)];
  if (store === 'amazon') readers.push(fromAmazon(page));
  if (store === 'myntra') readers.push(fromMyntra(page));
  readers.push(fromMeta(page));
  const found = merge(...readers);

  const facts: StorePageFacts = {};
  const title = clean(found.title, LIMITS.title);
  if (title) facts.title = title;
  const description = clean(found.description, LIMITS.description);
  if (description) facts.description = description;
  const brand = clean(found.brand, LIMITS.brand);
  if (brand) facts.brand = brand;
  const image = absoluteImage(found.image, pageUrl);
  if (image) facts.image = image;
  const amount = parsePrice(found.rawPrice);
  if (amount !== undefined) {
    const raw = typeof found.rawPrice === 'string' ? found.rawPrice : '';
    const currency =
      found.priceCurrency?.trim().toUpperCase() ||
      (/₹|\brs\.?|\binr\b/i.test(raw) || RUPEE_STORES.has(store) ? 'INR' : undefined);
    if (currency === 'INR') facts.price = amount;
    else if (currency) facts.currency = currency;
  }
  return facts;
}
