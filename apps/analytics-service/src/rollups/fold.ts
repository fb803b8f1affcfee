import { DIRECT_REFERRER, UNKNOWN_KEY } from '@kartlink/contracts';

/** An event picked for folding, with its reporting day. */
export interface FoldedEvent {
  type: string;
  shopId: string;
  productId: string | null;
  day: string;
  device: string | null;
  browser: string | null;
  platform: string | null;
  region: string | null;
  referrer: string | null;
  visitor: string;
  bot: boolean;
  owner: boolean;
}

type Dimension = 'store' | 'device' | 'browser' | 'region' | 'referrer';

interface ShopDay {
  shopId: string;
  day: string;
  views: number;
  clicks: number;
  botEvents: number;
  ownerEvents: number;
}
interface ShopDimension {
  shopId: string;
  day: string;
  dimension: Dimension;
  key: string;
  views: number;
  clicks: number;
}
interface ProductDay {
  productId: string;
  day: string;
  shopId: string;
  clicks: number;
}
interface ProductDimension {
  productId: string;
  day: string;
  dimension: Dimension;
  key: string;
  clicks: number;
}
interface Visitor {
  shopId: string;
  day: string;
  visitor: string;
}

/** What one batch of events adds to the rollups, each list sorted by its key. */
export interface Increments {
  shopDays: ShopDay[];
  shopDimensions: ShopDimension[];
  productDays: ProductDay[];
  productDimensions: ProductDimension[];
  visitors: Visitor[];
  /** Products whose click total changed. */
  productIds: string[];
}

/** The dimensions an event counts in, with the key a missing value gets. */
function dimensionsOf(event: FoldedEvent): Array<[Dimension, string]> {
  const common: Array<[Dimension, string]> = [
    ['device', event.device ?? UNKNOWN_KEY],
    ['browser', event.browser ?? UNKNOWN_KEY],
    ['region', event.region ?? UNKNOWN_KEY],
    ['referrer', event.referrer ?? DIRECT_REFERRER],
  ];
  return event.type === 'click' ? [['store', event.platform ?? UNKNOWN_KEY], ...common] : common;
}

function bump<T>(map: Map<string, T>, key: string, create: () => T, add: (entry: T) => void) {
  let entry = map.get(key);
  if (!entry) {
    entry = create();
    map.set(key, entry);
  }
  add(entry);
}

const sorted = <T>(map: Map<string, T>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/**
 * Sums a batch of events into rollup increments. Bots (link previews included) and the
 * owner's own events only count in their own columns; every other figure is people only.
 * The lists come sorted, so that concurrent folds lock rollup rows in the same order.
 *
 * A view is a page of the shop opened (the shop page or a product page); a visitor is someone
 * who opened at least one of them that day. A click alone (a store chosen on a page opened the
 * day before, say) makes no visitor, so a day never has more visitors than views.
 */
export function foldEvents(events: readonly FoldedEvent[]): Increments {
  const shopDays = new Map<string, ShopDay>();
  const shopDimensions = new Map<string, ShopDimension>();
  const productDays = new Map<string, ProductDay>();
  const productDimensions = new Map<string, ProductDimension>();
  const visitors = new Map<string, Visitor>();
  const productIds = new Set<string>();

  for (const event of events) {
    const { shopId, day } = event;
    const isClick = event.type === 'click';
    bump(
      shopDays,
      `${shopId}|${day}`,
      () => ({ shopId, day, views: 0, clicks: 0, botEvents: 0, ownerEvents: 0 }),
      (entry) => {
        if (event.bot) entry.botEvents += 1;
        else if (event.owner) entry.ownerEvents += 1;
        else if (isClick) entry.clicks += 1;
        else entry.views += 1;
      },
    );
    if (event.bot || event.owner) continue;

    if (!isClick)
      visitors.set(`${shopId}|${day}|${event.visitor}`, { shopId, day, visitor: event.visitor });
    for (const [dimension, key] of dimensionsOf(event)) {
      bump(
        shopDimensions,
        `${shopId}|${day}|${dimension}|${key}`,
        () => ({ shopId, day, dimension, key, views: 0, clicks: 0 }),
        (entry) => {
          if (isClick) entry.clicks += 1;
          else entry.views += 1;
        },
      );
    }
    if (!isClick || !event.productId) continue;
    const productId = event.productId;
    productIds.add(productId);
    bump(
      productDays,
      `${productId}|${day}`,
      () => ({ productId, day, shopId, clicks: 0 }),
      (entry) => (entry.clicks += 1),
    );
    for (const [dimension, key] of dimensionsOf(event)) {
      bump(
        productDimensions,
        `${productId}|${day}|${dimension}|${key}`,
        () => ({ productId, day, dimension, key, clicks: 0 }),
        (entry) => (entry.clicks += 1),
      );
    }
  }
  return {
    shopDays: sorted(shopDays),
    shopDimensions: sorted(shopDimensions),
    productDays: sorted(productDays),
    productDimensions: sorted(productDimensions),
    visitors: sorted(visitors),
    productIds: [...productIds].sort(),
  };
}
