import type { AnalyticsOverview, ImpersonationToken, Product, Shop } from '@kartlink/contracts';
import { pgQuery, stackBaseUrl, waitFor } from '@kartlink/testing';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp, Visitor } from '../support/auth-client';
import {
  accessibilityViolations,
  at,
  launchChromium,
  PHONE_AGENTS,
  reached,
  screenshotOnFailure,
  signInThroughScreens,
  waitUntil,
} from '../support/browser';

// Issue 12: nothing on the page is cut off or covered, on a phone as on a computer, in the built
// web app that test/stack-setup.ts starts.
jest.setTimeout(180_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const ANDROID_CHROME = PHONE_AGENTS.androidChrome;

const SCREENS = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: ANDROID_CHROME,
  },
  computer: { viewport: { width: 1280, height: 800 } },
} as const;
type Screen = keyof typeof SCREENS;

async function open(screen: Screen): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...SCREENS[screen],
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  return { context, page: await context.newPage() };
}

/** An owner with a finished public shop, made through the API. */
async function shopOwner(shopName: string) {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = `layout-${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName,
    shopDescription: 'Handwoven sarees and brass lamps, packed by hand.',
    setupCompleted: true,
    isShopPublic: true,
    setupSteps: { shopUrl: true, basicInfo: true, profilePhoto: true },
  });
  if (shop.status !== 200) throw new Error(`shop refused: ${JSON.stringify(shop.body)}`);
  return { owner, email, shopUrl };
}

async function addProduct(
  owner: Visitor,
  title: string,
  originalURLs: string[],
  details: { brand?: string; price?: number } = {},
) {
  const made = await owner.post<Product>('/urls', { title, originalURLs, ...details });
  if (made.status !== 201) throw new Error(`product refused: ${JSON.stringify(made.body)}`);
  return made.body.data;
}

// Every store a product can lead to (SPEC), as the analytics page names them.
const STORES = [
  ['amazon', 'Amazon'],
  ['flipkart', 'Flipkart'],
  ['myntra', 'Myntra'],
  ['ajio', 'AJIO'],
  ['meesho', 'Meesho'],
  ['whatsapp', 'WhatsApp'],
  ['other', 'Other'],
] as const;

describe('the analytics page', () => {
  it.each(['phone', 'computer'] as const)(
    'shows every store name whole in "Clicks by store" on a %s',
    async (screen) => {
      const { owner, email } = await shopOwner('Store Names');
      const product = await addProduct(owner, 'Kanjivaram silk saree', [
        'https://www.amazon.in/dp/B0STORES1',
        'https://www.flipkart.com/p/itm-stores',
        'https://www.myntra.com/saree/1',
        'https://www.ajio.com/p/1',
        'https://www.meesho.com/s/p/1',
        'https://wa.me/919876543210',
        'https://www.nykaa.com/p/1',
      ]);
      // One person clicks through to each store (from a browser: bots are not counted).
      for (const [platform] of STORES) {
        const answer = await new Visitor().call(
          'POST',
          `/analytics/track/${product.id}`,
          { device: 'mobile', browser: 'Chrome', platform },
          { 'user-agent': ANDROID_CHROME },
        );
        expect(answer.status).toBe(202);
      }
      await waitFor(
        async () => {
          const answer = await owner.call<AnalyticsOverview>('GET', '/analytics/overview');
          return answer.body.data.totals.clicks === STORES.length ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 300, description: 'the clicks in the overview' },
      );

      const { context, page } = await open(screen);
      await screenshotOnFailure(page, `layout-store-names-${screen}`, async () => {
        await signInThroughScreens(page, email);
        await page.goto(at('/dashboard/analytics'));
        await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
        const card = page.getByRole('region', { name: 'Clicks by store' });
        await card.locator('svg.recharts-surface').waitFor();
        // Each name as drawn: its text, and how far its box reaches past the chart's on any side.
        const drawn = await card.evaluate((section) => {
          const svg = section.querySelector('svg.recharts-surface')!;
          const frame = svg.getBoundingClientRect();
          return [
            ...svg.querySelectorAll(
              '.recharts-yAxis-tick-labels text.recharts-cartesian-axis-tick-value',
            ),
          ].map((text) => {
            const box = text.getBoundingClientRect();
            const past = Math.max(
              frame.left - box.left,
              box.right - frame.right,
              frame.top - box.top,
              box.bottom - frame.bottom,
            );
            return { text: text.textContent, past: Math.max(0, Math.round(past * 10) / 10) };
          });
        });
        expect(drawn.map((label) => label.text).sort()).toEqual(
          STORES.map(([, name]) => name).sort(),
        );
        const clipped = drawn
          .filter((label) => label.past > 0)
          .map((label) => `${label.text} reaches ${label.past}px past the chart`);
        expect(clipped).toEqual([]);
      });
      await context.close();
    },
  );
});

describe('the analytics page’s sources, app or website and product rates', () => {
  const INSTAGRAM_ANDROID =
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (33/13; 420dpi; 1080x2177; samsung; SM-A536E; a53x; s5e8825; en_IN; 548323749)';

  it.each(['phone', 'computer'] as const)(
    'reads whole, without sideways scrolling, on a %s',
    async (screen) => {
      const { owner, email, shopUrl } = await shopOwner('Source Figures');
      const product = await addProduct(owner, 'Kanjivaram silk saree with zari border', [
        'https://www.amazon.in/dp/B0SOURCE1',
        'https://www.flipkart.com/p/itm-source',
      ]);
      // Asha opens the product page in Instagram and taps Amazon twice (one click); Ravi opens
      // it from WhatsApp in Chrome and chooses Flipkart.
      const asha = new Visitor();
      const ravi = new Visitor();
      const send = (visitor: Visitor, path: string, body: object, userAgent: string) =>
        visitor.call('POST', `/analytics/${path}`, body, { 'user-agent': userAgent });
      const answers = [
        await send(asha, `track-shop/${shopUrl}`, { page: product.shortCode }, INSTAGRAM_ANDROID),
        await send(asha, `track/${product.id}`, { platform: 'amazon' }, INSTAGRAM_ANDROID),
        await send(asha, `track/${product.id}`, { platform: 'amazon' }, INSTAGRAM_ANDROID),
        await send(
          ravi,
          `track-shop/${shopUrl}`,
          { page: product.shortCode, referrer: 'https://wa.me/' },
          ANDROID_CHROME,
        ),
        await send(ravi, `track/${product.id}`, { platform: 'flipkart' }, ANDROID_CHROME),
      ];
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
      await waitFor(
        async () => {
          const answer = await owner.call<AnalyticsOverview>('GET', '/analytics/overview');
          return answer.body.data.totals.taps === 3 ? true : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 300, description: 'the taps in the overview' },
      );

      const { context, page } = await open(screen);
      await screenshotOnFailure(page, `layout-sources-${screen}`, async () => {
        await signInThroughScreens(page, email);
        await page.goto(at('/dashboard/analytics'));
        const sources = page.getByRole('table', { name: 'Where shoppers came from', exact: true });
        await sources.waitFor();
        const rowsOf = (name: string) =>
          page
            .getByRole('table', { name, exact: true })
            .locator('tbody tr')
            .evaluateAll((rows) => rows.map((row) => row.textContent));
        expect(await rowsOf('Where shoppers came from')).toEqual([
          'Instagram11100%',
          'WhatsApp11100%',
        ]);
        expect(await rowsOf('App or website')).toEqual(['Store’s website2100%']);
        expect(await rowsOf('Top products')).toEqual([
          '1Kanjivaram silk saree with zari border2100%100% of 2 views',
        ]);
        // The product's own figures, below: Asha's two taps on Amazon are one click.
        const mine = 'of Kanjivaram silk saree with zari border';
        await page.getByRole('table', { name: `Clicks by store ${mine}` }).waitFor();
        expect(await rowsOf(`Clicks by store ${mine}`)).toEqual(['Amazon1', 'Flipkart1']);
        expect(await rowsOf(`Clicks by source ${mine}`)).toEqual(['Instagram1', 'WhatsApp1']);
        expect(await rowsOf(`App or website ${mine}`)).toEqual(['Store’s website2']);
        // Nothing wider than the screen: no sideways scrolling to read a figure.
        const overflow = await page.evaluate(
          '(() => document.documentElement.scrollWidth - window.innerWidth)()',
        );
        expect(overflow).toBeLessThanOrEqual(0);
        const cut = await page.evaluate(`(() => [...document.querySelectorAll(
            '.analytics-card table th, .analytics-card table td')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
          .map((cell) => cell.textContent))()`);
        expect(cut).toEqual([]);
        // Names on the sources' coloured bars stay readable, and every table is named.
        expect(
          await accessibilityViolations(page, {
            minImpact: 'serious',
            tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
          }),
        ).toEqual([]);
      });
      await context.close();
    },
  );
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const showBox = ({ x, y, width, height }: Box) =>
  `${Math.round(width)}×${Math.round(height)} at (${Math.round(x)}, ${Math.round(y)})`;

/** Says where `a` covers `b`, or null when the two do not meet. */
const covering = (aName: string, a: Box, bName: string, b: Box) =>
  overlap(a, b) ? `${aName}, ${showBox(a)}, covers ${bName}, ${showBox(b)}` : null;

/**
 * Saves the shop's name on its settings page; while the toast that says so shows, with the page
 * at its top, where the top bar's buttons are: where the toast is, the dark mode button and the
 * phone's bottom bar (null on a computer, where it is the side menu).
 */
async function boxesWhileSavedToastShows(page: Page) {
  await page.goto(at('/dashboard/shop/settings'));
  await page.getByRole('heading', { level: 1, name: 'Shop settings' }).waitFor();
  await page.getByLabel('Shop name', { exact: true }).fill('Toast Corner Two');
  await page.getByRole('button', { name: 'Save settings' }).click();
  return waitUntil<{ toast: Box; toggle: Box; bottomBar: Box | null }>(
    page,
    `(() => {
    const toast = [...document.querySelectorAll('.toast')].find((element) =>
      element.textContent.includes('Shop settings saved'),
    );
    if (!toast) return null;
    window.scrollTo(0, 0);
    const box = (element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const bar = document.querySelector('nav[aria-label="Dashboard"]');
    return {
      toast: box(toast),
      toggle: box(document.querySelector('button[aria-label="Dark mode"]')),
      bottomBar: getComputedStyle(bar).position === 'fixed' ? box(bar) : null,
    };
  })()`,
  );
}

describe('a toast in the dashboard', () => {
  it.each(['phone', 'computer'] as const)(
    'leaves the dark mode button and the bottom bar uncovered on a %s',
    async (screen) => {
      const { email } = await shopOwner('Toast Corner');
      const { context, page } = await open(screen);
      await screenshotOnFailure(page, `layout-toast-${screen}`, async () => {
        await signInThroughScreens(page, email);
        const { toast, toggle, bottomBar } = await boxesWhileSavedToastShows(page);
        expect(toggle.height).toBeGreaterThan(0);
        expect(covering('the toast', toast, 'the dark mode button', toggle)).toBeNull();
        if (screen === 'phone') {
          expect(bottomBar).not.toBeNull();
          expect(covering('the toast', toast, 'the bottom bar', bottomBar!)).toBeNull();
        }
      });
      await context.close();
    },
  );

  it('leaves the dark mode button uncovered under the notice that an admin acts as the owner', async () => {
    const { email } = await shopOwner('Toast Corner');
    const admin = new Visitor();
    const { email: adminEmail } = await signUp(admin);
    await pgQuery(`UPDATE auth.users SET role = 'admin' WHERE email = $1`, [adminEmail]);
    const made = await admin.post<ImpersonationToken>('/admin/impersonation-tokens', { email });
    expect(made.status).toBe(201);
    const { context, page } = await open('phone');
    await screenshotOnFailure(page, 'layout-toast-admin', async () => {
      await page.goto(at(`/admin-login?token=${encodeURIComponent(made.body.data.token)}`));
      // The link says whose account it opens and waits for a yes.
      await page.getByRole('heading', { name: 'Continue as Asha Rao?' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await reached(page, '/dashboard');
      await page.getByText(`Viewing as ${email} (admin)`).waitFor();
      const { toast, toggle } = await boxesWhileSavedToastShows(page);
      expect(covering('the toast', toast, 'the dark mode button', toggle)).toBeNull();
    });
    await context.close();
  });
});

/**
 * The cards the Created with link covers on screen now, by their titles; none while it is out
 * of sight.
 */
const CARDS_UNDER_THE_PILL = `(() => {
  const pill = document.querySelector('.created-with__link');
  if (!pill.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return [];
  const p = pill.getBoundingClientRect();
  if (p.top >= window.innerHeight) return [];
  return [...document.querySelectorAll('article')]
    .filter((card) => {
      const c = card.getBoundingClientRect();
      return p.left < c.right && c.left < p.right && p.top < c.bottom && c.top < p.bottom;
    })
    .map((card) => card.querySelector('h3').textContent);
})()`;

/** Lets the page draw twice, so that what a scroll changes is on screen. */
const TWO_FRAMES =
  'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

describe('the public shop on a phone', () => {
  it('keeps the Created with link off the products while scrolling down, and clear of the last ones at the end', async () => {
    const { owner, shopUrl } = await shopOwner('Long Shelf');
    for (let i = 1; i <= 21; i += 1) {
      await addProduct(
        owner,
        `Handloom saree ${i}`,
        [`https://www.amazon.in/dp/B0SHELF${i}`, `https://www.flipkart.com/p/itm-shelf-${i}`],
        { brand: 'Weavers of Pochampally', price: 1800 + i },
      );
    }
    const { context, page } = await open('phone');
    await screenshotOnFailure(page, 'layout-created-with', async () => {
      await page.goto(at(`/${shopUrl}`));
      await page.getByRole('heading', { level: 1, name: 'Long Shelf' }).waitFor();
      const cards = page.getByRole('article');
      const lastCard = cards.filter({
        has: page.getByRole('heading', { name: 'Handloom saree 1', exact: true }),
      });
      await lastCard.waitFor();
      expect(await cards.count()).toBe(21);
      const pill = page.getByRole('link', { name: /Created with/ });
      const pillOnScreen = async () => {
        const box = await pill.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= SCREENS.phone.viewport.height;
      };
      expect(await pillOnScreen()).toBe(true);

      // Down the page a third of a screen at a time, as a thumb does, to its end.
      const covered = new Set<string>();
      let atEnd = false;
      while (!atEnd) {
        await page.evaluate('window.scrollBy(0, 280)');
        await page.evaluate(TWO_FRAMES);
        for (const title of (await page.evaluate(CARDS_UNDER_THE_PILL)) as string[])
          covered.add(title);
        atEnd = await page.evaluate<boolean>(
          'Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight',
        );
      }
      expect([...covered]).toEqual([]);
      // At the end it is there again, under the last row.
      expect(await pillOnScreen()).toBe(true);
      const last = await lastCard.boundingBox();
      const box = await pill.boundingBox();
      expect(covering('the Created with link', box!, 'the last card', last!)).toBeNull();

      // Out of the way on the way down, yet still reached with the keyboard.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.evaluate(TWO_FRAMES);
      await page.evaluate('window.scrollBy(0, 600)');
      await page.evaluate(TWO_FRAMES);
      expect(await pillOnScreen()).toBe(false);
      await pill.focus();
      await page.evaluate(TWO_FRAMES);
      expect(await pillOnScreen()).toBe(true);
    });
    await context.close();
  });
});

/** Uploads a 1500×500 JPEG banner (the 3:1 of SPEC) through the API, as the banners page does. */
async function addBanner(owner: Visitor, alt: string, background: string) {
  const image = await sharp({ create: { width: 1500, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('banner', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'banner.jpg');
  form.append('alt', alt);
  const response = await fetch(`${stackBaseUrl()}/api/banners/upload`, {
    method: 'POST',
    headers: { 'x-forwarded-for': owner.ip, authorization: `Bearer ${owner.accessToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`banner refused: ${await response.text()}`);
}

// Cumulative layout shift as Chrome counts it (layout-shift entries not caused by input), with
// what moved, from the start of the page.
const COUNT_LAYOUT_SHIFTS = `
  window.layoutShifts = { total: 0, moved: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.layoutShifts.total += entry.value;
      for (const source of entry.sources ?? []) {
        const node = source.node;
        window.layoutShifts.moved.push(
          node && node.nodeType === 1
            ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ')[0] : '')
            : String(node && node.nodeName),
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

describe('the public shop with banners', () => {
  it.each(['phone', 'computer'] as const)(
    'does not move when the banners arrive late on a %s',
    async (screen) => {
      const { owner, shopUrl } = await shopOwner('Banner Street');
      for (let i = 1; i <= 6; i += 1) {
        await addProduct(owner, `Block-print kurta ${i}`, [
          `https://www.amazon.in/dp/B0BANNER${i}`,
          `https://www.flipkart.com/p/itm-banner-${i}`,
        ]);
      }
      await addBanner(owner, 'Festive sale', '#b45309');
      await addBanner(owner, 'New arrivals', '#0f766e');
      await addBanner(owner, 'Free shipping', '#7c3aed');
      await addBanner(owner, 'Gift cards', '#be123c');

      const { context, page } = await open(screen);
      await screenshotOnFailure(page, `layout-banners-${screen}`, async () => {
        await page.addInitScript(COUNT_LAYOUT_SHIFTS);
        // The banner images (and their medium variants) come a second after they are asked
        // for, as on a slow network.
        await page.route(/\/api\/banners\/[0-9a-f-]{36}(\/medium)?$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        });
        await page.goto(at(`/${shopUrl}`));
        await page.getByRole('heading', { level: 1, name: 'Banner Street' }).waitFor();
        await page.getByRole('article').filter({ hasText: 'Block-print kurta 6' }).waitFor();
        const banners = page.getByRole('region', { name: 'Shop banners' }).getByRole('img');
        await banners.first().waitFor();
        await waitUntil(
          page,
          `[...document.querySelectorAll('.banner-carousel img')].every((img) => img.complete && img.naturalWidth > 0)`,
        );
        await page.evaluate(TWO_FRAMES);
        const shifts = (await page.evaluate('window.layoutShifts')) as {
          total: number;
          moved: string[];
        };
        const cls = Math.round(shifts.total * 1000) / 1000;
        const moved = [...new Set(shifts.moved)].join(', ');
        expect(cls < 0.01 ? 'nothing moved' : `layout shift ${cls}; moved: ${moved}`).toBe(
          'nothing moved',
        );
      });
      await context.close();
    },
  );
});
