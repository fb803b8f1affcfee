import {
  EMBEDDED_DATA_ID,
  type EmbeddedPublicData,
  type PageHead,
  PUBLIC_URL_META,
  type ResponsiveImage,
  SHOP_HOST_META,
} from '@kartlink/contracts';
import type { RenderedPageAssets, RouteAssets } from './route-assets';

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
/** index.html's tags that load the app: its entry script, its preloads and its stylesheets. */
const APP_TAGS =
  /<script type="module"[^>]*><\/script>\s*|<link rel="(?:modulepreload|stylesheet)"[^>]*>\s*/gi;

/**
 * A page rendered on the server paints from its HTML and stylesheets; its code only takes it
 * over. At low priority, the code leaves a slow connection to the stylesheets and the page's
 * largest picture first (scripts and preloads of code otherwise go at high priority, beside
 * them).
 */
const LOW_PRIORITY = 'fetchpriority="low"';

/** What a public page's HTML holds beyond index.html's. */
export interface PublicPageContent {
  head: PageHead;
  /** Its data, for the first render in the browser. */
  data: EmbeddedPublicData;
  /**
   * Its body as the server rendered it (server-renderer.ts) and the public pages' code that
   * takes it over; undefined when the app renders the page in the browser.
   */
  rendered?: { body: string; assets: RenderedPageAssets };
  /** Its route's stylesheets and code in the app's build, for the app to render it. */
  assets: RouteAssets;
}

const stylesheet = (href: string) =>
  `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}" />`;
const preload = (href: string, priority = '') =>
  `<link rel="modulepreload"${priority} crossorigin href="${escapeAttribute(href)}" />`;

/**
 * The web app's index.html, cut once at start into what every page shares: each page then
 * costs a few string joins.
 */
export class PageTemplate {
  /** The head as built, with the public address: the app's own pages. */
  private readonly appHead: string;
  /** The same without the generic title and description, for a public page's own. */
  private readonly head: string;
  /** The same without the app's code and stylesheets, for a page the server rendered. */
  private readonly renderedHead: string;
  private readonly body: string;
  /** The same without the note that the app needs JavaScript: a rendered page does not. */
  private readonly renderedBody: string;

  constructor(indexHtml: string, publicUrl: string) {
    const origin = new URL(publicUrl).origin;
    const addressMeta = `<meta name="${PUBLIC_URL_META}" content="${escapeAttribute(origin)}" />`;
    // A page may leave out </head> (HTML allows it): then everything is head.
    const end = /<\/head>/i.exec(indexHtml)?.index ?? indexHtml.length;
    const head = indexHtml.slice(0, end);
    this.body = indexHtml.slice(end);
    this.renderedBody = this.body.replace(/<noscript>[\s\S]*?<\/noscript>\s*/i, '');
    this.appHead = `${head}${addressMeta}`;
    const own = head.replace(TITLE, '').replace(DESCRIPTION, '');
    this.head = `${own}${addressMeta}\n    `;
    this.renderedHead = `${own.replace(APP_TAGS, '')}${addressMeta}\n    `;
  }

  /**
   * An app page (landing, sign-in, dashboard...), kept out of search results unless `indexed`;
   * `nonce` is its answer's CSP style nonce (none: toasts go unstyled).
   */
  app(indexed: boolean, nonce?: string, shopHost?: string): string {
    return `${this.appHead}${nonceMeta(nonce)}${shopHostMeta(shopHost)}${indexed ? '' : NOINDEX}${this.body}`;
  }

  /**
   * A public page: its own head and its data; rendered, its body and the public pages' code
   * (at low priority) in place of the app's, else the app with its route's stylesheets and code.
   */
  publicPage(
    { head, data, rendered, assets }: PublicPageContent,
    nonce?: string,
    /** On a custom domain: the shop it serves. */
    shopHost?: string,
  ): string {
    const script = `<script type="application/json" id="${EMBEDDED_DATA_ID}">${jsonForScript(data)}</script>`;
    const body = rendered ? this.renderedBody : this.body;
    const page = ROOT.test(body)
      ? body.replace(ROOT, () => `<div id="root">${rendered?.body ?? ''}</div>\n    ${script}`)
      : body.replace(/<\/body>/i, (end) => `${script}${end}`);
    const tags = rendered
      ? [
          nonceMeta(nonce),
          shopHostMeta(shopHost),
          headTags(head),
          ...rendered.assets.stylesheets.map(stylesheet),
          `<script type="module" ${LOW_PRIORITY} crossorigin src="${escapeAttribute(rendered.assets.script)}"></script>`,
          ...rendered.assets.preloads.map((href) => preload(href, ` ${LOW_PRIORITY}`)),
        ]
      : [
          nonceMeta(nonce),
          shopHostMeta(shopHost),
          headTags(head),
          ...assets.stylesheets.map(stylesheet),
          ...assets.code.map((href) => preload(href)),
        ];
    return `${rendered ? this.renderedHead : this.head}${tags.filter(Boolean).join('\n    ')}\n  ${page}`;
  }
}

const NOINDEX = '<meta name="robots" content="noindex" />';

/** Tells the app the shop a custom domain serves ('' for a host that serves nothing). */
const shopHostMeta = (shopUrl: string | undefined) =>
  shopUrl === undefined
    ? ''
    : `<meta name="${SHOP_HOST_META}" content="${escapeAttribute(shopUrl)}" />`;

/**
 * Hands the answer's CSP style nonce to goober, which writes react-hot-toast's styles in a
 * `<style>` element and gives it `window.__nonce__` as its nonce. Inline and classic, so that it
 * runs before any of the app's modules (react-hot-toast writes its keyframes as its module is
 * first run); allowed by its hash (security-headers.ts). The nonce is in the `nonce` attribute
 * of a meta element, the one Vite's own code looks for: browsers hide that attribute from the
 * page's CSS and from getAttribute, only script reads it (the element's `nonce` property).
 */
export const NONCE_SCRIPT =
  'window.__nonce__=document.querySelector(\'meta[property="csp-nonce"]\').nonce';

const nonceMeta = (nonce: string | undefined) =>
  nonce
    ? `<meta property="csp-nonce" nonce="${escapeAttribute(nonce)}" /><script>${NONCE_SCRIPT}</script>`
    : '';
