import {
  EMBEDDED_DATA_ID,
  type EmbeddedPublicData,
  type PageHead,
  PUBLIC_URL_META,
  type ResponsiveImage,
} from '@kartlink/contracts';
import type { RouteAssets } from './route-assets';

/** Text inside an element such as `<title>`. */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text inside a double-quoted attribute. */
export const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * JSON inside a `<script>`: nothing in it can end the script or start a comment (`<` is
 * written `\u003c`), and the line separators JavaScript once refused are escaped too.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attribute}="${key}" content="${escapeAttribute(String(content))}" />`;

/**
 * The page's largest picture, asked for as soon as the head is read. With a srcset the
 * browser chooses from imagesrcset and imagesizes exactly as it will for the `<img>` (the same
 * candidates, the same sizes), so the picture preloaded is the one the page shows. No href then:
 * a browser without imagesrcset would preload the full picture and then show another.
 */
function preloadTag(image: ResponsiveImage): string {
  const source = image.srcSet
    ? `imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes ?? '')}"`
    : `href="${escapeAttribute(image.src)}"`;
  return `<link rel="preload" as="image" ${source} fetchpriority="high" />`;
}

/** The tags a public page's head carries, from what contracts' page-head says of it. */
function headTags(head: PageHead): string {
  const { og, twitter } = head;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.keywords ? meta('name', 'keywords', head.keywords) : '',
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`,
    meta('property', 'og:type', og.type),
    meta('property', 'og:site_name', og.siteName),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', og.url),
    meta('property', 'og:image', og.image.url),
    og.image.width ? meta('property', 'og:image:width', og.image.width) : '',
    og.image.height ? meta('property', 'og:image:height', og.image.height) : '',
    meta('property', 'og:image:alt', og.image.alt),
    meta('name', 'twitter:card', twitter.card),
    meta('name', 'twitter:title', twitter.title),
    meta('name', 'twitter:description', twitter.description),
    meta('name', 'twitter:image', og.image.url),
    meta('name', 'twitter:image:alt', og.image.alt),
    head.price ? meta('property', 'product:price:amount', head.price.amount) : '',
    head.price ? meta('property', 'product:price:currency', head.price.currency) : '',
    ...head.jsonLd.map(
      (object) => `<script type="application/ld+json">${jsonForScript(object)}</script>`,
    ),
    head.lcpImage ? preloadTag(head.lcpImage) : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;
const ROOT = /<div id="root"><\/div>/i;
/** index.html's tags that fetch the app's code: its entry script and its preloads. */
const APP_CODE = /<script type="module"|<link rel="modulepreload"/gi;

/**
 * A page rendered on the server paints from its HTML and stylesheets; its code only takes it
 * over. At low priority, the code leaves a slow connection to the stylesheets and the page's
 * largest picture first (scripts and preloads of code otherwise go at high priority, beside
 * them). A page the browser must render itself fetches its code at the usual priority.
 */
const LOW_PRIORITY = 'fetchpriority="low"';

/** What a public page's HTML holds beyond index.html's. */
export interface PublicPageContent {
  head: PageHead;
  /** Its data, for the app's first render. */
  data: EmbeddedPublicData;
  /** Its body as the server rendered it (server-renderer.ts); empty for the app to render. */
  body: string;
  /** Its route's stylesheets and code (route-assets.ts). */
  assets: RouteAssets;
}

/**
 * The web app's index.html, cut once at start into what every page shares: each page then
 * costs a few string joins.
 */
export class PageTemplate {
  /** The head as built, with the public address: the app's own pages. */
  private readonly appHead: string;
  /** The same without the generic title and description, for a public page's own. */
  private readonly head: string;
  /** The same with its code at low priority, for a page the server rendered. */
  private readonly renderedHead: string;
  private readonly body: string;

  constructor(indexHtml: string, publicUrl: string) {
    const origin = new URL(publicUrl).origin;
    const addressMeta = `<meta name="${PUBLIC_URL_META}" content="${escapeAttribute(origin)}" />`;
    // A page may leave out </head> (HTML allows it): then everything is head.
    const end = /<\/head>/i.exec(indexHtml)?.index ?? indexHtml.length;
    const head = indexHtml.slice(0, end);
    this.body = indexHtml.slice(end);
    this.appHead = `${head}${addressMeta}`;
    const own = head.replace(TITLE, '').replace(DESCRIPTION, '');
    this.head = `${own}${addressMeta}\n    `;
    this.renderedHead = `${own.replace(APP_CODE, `$& ${LOW_PRIORITY}`)}${addressMeta}\n    `;
  }

  /** An app page (landing, sign-in, dashboard...), kept out of search results unless `indexed`. */
  app(indexed: boolean): string {
    return `${this.appHead}${indexed ? '' : NOINDEX}${this.body}`;
  }

  /**
   * A public page: its own head, its route's stylesheets and code, its body as rendered and its
   * data for the app; its code at low priority when the server rendered it.
   */
  publicPage({ head, data, body, assets }: PublicPageContent): string {
    const script = `<script type="application/json" id="${EMBEDDED_DATA_ID}">${jsonForScript(data)}</script>`;
    const page = ROOT.test(this.body)
      ? this.body.replace(ROOT, () => `<div id="root">${body}</div>\n    ${script}`)
      : this.body.replace(/<\/body>/i, (end) => `${script}${end}`);
    const rendered = body !== '';
    const priority = rendered ? ` ${LOW_PRIORITY}` : '';
    const tags = [
      headTags(head),
      ...assets.stylesheets.map(
        (href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}" />`,
      ),
      ...assets.code.map(
        (href) =>
          `<link rel="modulepreload"${priority} crossorigin href="${escapeAttribute(href)}" />`,
      ),
    ];
    return `${rendered ? this.renderedHead : this.head}${tags.join('\n    ')}\n  ${page}`;
  }
}

const NOINDEX = '<meta name="robots" content="noindex" />';
