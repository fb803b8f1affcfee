import {
  type EmbeddedPublicData,
  productPagePath,
  SERVER_RENDERER_FILE,
  shopPagePath,
} from '@kartlink/contracts';
import type { Logger } from '@kartlink/server-kit';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { PageKind } from './public-pages';

type PublicPageKind = Extract<PageKind, { kind: 'shop' | 'product' }>;

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface ServerBuild {
  renderPublicPage(path: string, data: EmbeddedPublicData, shopHost?: string): Promise<string>;
}

/**
 * The body of a public shop or product page, rendered by the web app's own components (its
 * server build) from the data the page embeds: the page paints its shop, products and prices
 * from the HTML, before its JavaScript has loaded, and the browser then takes it over.
 *
 * Rendering costs milliseconds, so a page is rendered once per version of its data: the public
 * read cache hands out the same objects until an entry changes, and they key the rendered HTML
 * (a WeakMap, so a replaced entry's HTML goes with it). A page is rendered at its shop's own
 * address (/{shopUrl}, not /shop/... or another spelling), which renders the same HTML.
 */
export class PublicPageRenderer {
  private readonly rendered = new WeakMap<object, WeakMap<object, Promise<string>>>();
  /** The same, for pages served at a shop's custom domain (their links are the domain's). */
  private readonly renderedOnDomain = new WeakMap<object, WeakMap<object, Promise<string>>>();

  private constructor(
    private readonly build: ServerBuild,
    private readonly logger: Logger,
  ) {}

  /** The renderer of the web build in `distDir`; undefined for a build without one. */
  static load(distDir: string, logger: Logger): PublicPageRenderer | undefined {
    const file = join(resolve(distDir), SERVER_RENDERER_FILE);
    if (!existsSync(file)) return undefined;
    const build = createRequire(__filename)(file) as Partial<ServerBuild>;
    if (typeof build.renderPublicPage !== 'function') {
      throw new Error(`${file} does not export renderPublicPage`);
    }
    return new PublicPageRenderer(build as ServerBuild, logger);
  }

  /**
   * The HTML inside the page's root element; empty when it cannot be rendered (the app then
   * renders it in the browser, as for a page served without its data), which is logged once
   * per version of the data.
   */
  render(page: PublicPageKind, data: EmbeddedPublicData, shopHost?: string): Promise<string> {
    const first = data.shop?.data;
    const second = page.kind === 'shop' ? data.products?.data : data.product?.data;
    if (!isObject(first) || !isObject(second)) return this.renderNow(page, data, shopHost);
    const rendered = shopHost ? this.renderedOnDomain : this.rendered;
    let byFirst = rendered.get(first);
    if (!byFirst) rendered.set(first, (byFirst = new WeakMap()));
    let html = byFirst.get(second);
    if (!html) byFirst.set(second, (html = this.renderNow(page, data, shopHost)));
    return html;
  }

  private async renderNow(
    page: PublicPageKind,
    data: EmbeddedPublicData,
    shopHost?: string,
  ): Promise<string> {
    // At a shop's custom domain its pages are / and /{shortCode}.
    const path = shopHost
      ? page.kind === 'shop'
        ? '/'
        : `/${encodeURIComponent(page.shortCode)}`
      : page.kind === 'shop'
        ? shopPagePath(page.shopUrl)
        : productPagePath(page.shopUrl, page.shortCode);
    try {
      return await this.build.renderPublicPage(path, data, shopHost);
    } catch (err) {
      this.logger.warn({ err, path }, 'public page left to the browser to render');
      return '';
    }
  }
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
