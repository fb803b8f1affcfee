import {
  CLICK_REPEAT_WINDOW_MINUTES,
  DIRECT_REFERRER,
  sourceOfReferrer,
  UNKNOWN_KEY,
} from '@kartlink/contracts';

/** An event picked for folding, with its reporting day. */
export interface FoldedEvent {
  id: string;
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
  /** A prefetch or preview: counted with the bots. */
  prefetch: boolean;
  /** When it happened, in milliseconds since 1970. */
  at: number;
  /** null on events stored before sources were kept: the referrer tells. */
  source: string | null;
  opensIn: string | null;
  /** click: a repeated tap (repeatTaps), a tap but not a click. */
  repeat: boolean;
}

type Dimension = 'store' | 'device' | 'browser' | 'region' | 'referrer' | 'source' | 'opens_in';

/**
 * The dimensions of a product kept by month too (product_monthly_dimensions): those the
 * products CSV reads over long ranges. The others are read one product at a time, by day.
 */
export const MONTHLY_PRODUCT_DIMENSIONS: readonly Dimension[] = ['store', 'source'];

const REPEAT_WINDOW_MS = CLICK_REPEAT_WINDOW_MINUTES * 60_000;

/** Whose taps are the same click: one visitor, one product, one store. */
export const tapKey = (e: Pick<FoldedEvent, 'productId' | 'platform' | 'visitor'>) =>
  `${e.productId}|${e.platform ?? ''}|${e.visitor}`;

/** A click that counts: a person's (not a bot's, a prefetch's or the owner's). */
export const countable = (e: FoldedEvent) =>
  e.type === 'click' && !e.bot && !e.prefetch && !e.owner && e.productId !== null;

/**
 * The ids of the batch's clicks that repeat a counted click: a tap on the same store of the same
 * product by the same visitor less than CLICK_REPEAT_WINDOW_MINUTES from a click already counted
 * (`counted`: their times by tapKey, from earlier folds) or from an earlier tap of the batch
 * that counted. Taken in time order, so the first tap of a burst is the click.
 */
export function repeatTaps(
  events: readonly FoldedEvent[],
  counted: ReadonlyMap<string, readonly number[]>,
): Set<string> {
  const times = new Map<string, number[]>();
  const repeats = new Set<string>();
  const clicks = events
    .filter(countable)
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const click of clicks) {
    const key = tapKey(click);
    let seen = times.get(key);
    if (!seen) times.set(key, (seen = [...(counted.get(key) ?? [])]));
    if (seen.some((t) => Math.abs(click.at - t) < REPEAT_WINDOW_MS)) repeats.add(click.id);
    else seen.push(click.at);
  }
  return repeats;
}

interface ShopDay {
  shopId: string;
  day: string;
  views: number;
  /** Views of the shop's product pages (people only): the overview's product views. */
  productViews: number;
  clicks: number;
  taps: number;
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
  views: number;
  clicks: number;
  taps: number;
  /** Its clicks that opened the store's app, and its website (opens_in, summed here for the reports). */
  appOpens: number;
  webOpens: number;
}
interface ProductDimension {
  productId: string;
  day: string;
  shopId: string;
  dimension: Dimension;
  key: string;
  views: number;
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
  /** Products whose click total changed (a repeated tap changes none). */
  productIds: string[];
}

/** The dimensions an event counts in, with the key a missing value gets. */
function dimensionsOf(event: FoldedEvent): Array<[Dimension, string]> {
  const common: Array<[Dimension, string]> = [
    ['device', event.device ?? UNKNOWN_KEY],
    ['browser', event.browser ?? UNKNOWN_KEY],
    ['region', event.region ?? UNKNOWN_KEY],
    ['referrer', event.referrer ?? DIRECT_REFERRER],
    ['source', event.source ?? sourceOfReferrer(event.referrer)],
  ];
  return event.type === 'click'
    ? [
        ['store', event.platform ?? UNKNOWN_KEY],
        ['opens_in', event.opensIn ?? UNKNOWN_KEY],
        ...common,
      ]
    : common;
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
 * Sums a batch of events into rollup increments. Bots (link previews and prefetches included)
 * and the owner's own events only count in their own columns; every other figure is people
 * only. A repeated tap (`repeat`) counts as a tap, never as a click. A view of a product page
 * is the shop's view and the product's.
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
    const excluded = event.bot || event.prefetch || event.owner;
    bump(
      shopDays,
      `${shopId}|${day}`,
      () => ({
        shopId,
        day,
        views: 0,
        productViews: 0,
        clicks: 0,
        taps: 0,
        botEvents: 0,
        ownerEvents: 0,
      }),
      (entry) => {
        if (event.bot || event.prefetch) entry.botEvents += 1;
        else if (event.owner) entry.ownerEvents += 1;
        else if (!isClick) {
          entry.views += 1;
          if (event.productId) entry.productViews += 1;
        } else {
          entry.taps += 1;
          if (!event.repeat) entry.clicks += 1;
        }
      },
    );
    if (excluded) continue;

    if (!isClick)
      visitors.set(`${shopId}|${day}|${event.visitor}`, { shopId, day, visitor: event.visitor });
    // A repeated tap is a tap of the day, and nothing else.
    const counts = !isClick || !event.repeat;
    if (counts)
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
    if (!event.productId) continue;
    const productId = event.productId;
    if (isClick && !event.repeat) productIds.add(productId);
    bump(
      productDays,
      `${productId}|${day}`,
      () => ({ productId, day, shopId, views: 0, clicks: 0, taps: 0, appOpens: 0, webOpens: 0 }),
      (entry) => {
        if (!isClick) entry.views += 1;
        else {
          entry.taps += 1;
          if (!event.repeat) {
            entry.clicks += 1;
            if (event.opensIn === 'app') entry.appOpens += 1;
            else if (event.opensIn === 'web') entry.webOpens += 1;
          }
        }
      },
    );
    if (counts)
      for (const [dimension, key] of dimensionsOf(event)) {
        bump(
          productDimensions,
          `${productId}|${day}|${dimension}|${key}`,
          () => ({ productId, day, shopId, dimension, key, views: 0, clicks: 0 }),
          (entry) => {
            if (isClick) entry.clicks += 1;
            else entry.views += 1;
          },
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
