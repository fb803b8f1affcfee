import type { PublicProduct } from './product';
import type { PublicShop } from './shop';

/**
 * The page the gateway serves for every app path carries the product's public address
 * (PUBLIC_URL) in `<meta name="kartlink:public-url" content="…">`, so that every link the web
 * app shows or copies uses the address the server's own links use.
 */
export const PUBLIC_URL_META = 'kartlink:public-url';
/**
 * On a shop's custom domain (issue 20), the page names the shop the host serves
 * (`<meta name="kartlink:shop-host" content="{shopUrl}">`): its paths are `/` and `/{shortCode}`.
 * Empty on a host that serves nothing (the 404 page).
 */
export const SHOP_HOST_META = 'kartlink:shop-host';

/**
 * The id of the `<script type="application/json">` the gateway writes into a public page's HTML
 * with the data that page shows, so that its first paint needs no API round trip. The web app
 * reads it once at start and seeds its query cache with it, under the same arguments its
 * queries use (the shop URL as in the address, lower-cased; the short code lower-cased).
 */
export const EMBEDDED_DATA_ID = 'kartlink-data';

/**
 * The public shop page's products come in pages of this many (GET /api/shop/{shopUrl}/urls
 * ?limit=…&after=…): the server renders and embeds the first, the page asks for the next as the
 * visitor scrolls near the end. Divisible by the grid's 2, 3 and 4 columns.
 */
export const PUBLIC_PRODUCTS_PAGE = 24;

/** What that script holds: each part is exactly the `data` of the public API's answer. */
export interface EmbeddedPublicData {
  /** GET /api/shop/{shopUrl}: on a shop page and on a product page. */
  shop?: { shopUrl: string; data: PublicShop };
  /** GET /api/shop/{shopUrl}/urls?limit=PUBLIC_PRODUCTS_PAGE (the first page): on a shop page. */
  products?: { shopUrl: string; data: PublicProduct[] };
  /** GET /api/url/shop/{shopUrl}/{shortCode}: on a product page. */
  product?: { shopUrl: string; shortCode: string; data: PublicProduct };
}

/**
 * The web app's server build (`vite build --ssr`), under its build folder: the public pages'
 * renderer the gateway loads (a CommonJS module exporting `renderPublicPage`). The folder is a
 * dot-folder, which the gateway's static files never serve.
 */
export const SERVER_RENDERER_FILE = '.server/render.cjs';

/**
 * The build of the server-rendered public pages' own code (`vite build --mode public`), under
 * the web app's build folder and served from there: its entry module, as its manifest
 * (`.vite/manifest.json` in that folder) names it.
 */
export const PUBLIC_PAGES_MODE = 'public';
export const PUBLIC_PAGES_DIR = 'assets/public';
export const PUBLIC_PAGES_ENTRY = 'src/entry-public.tsx';
