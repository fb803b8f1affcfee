/** One chunk of the web app's build, as Vite's manifest (dist/.vite/manifest.json) lists it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** Where Vite writes the manifest, under the web app's build folder. */
export const MANIFEST_FILE = '.vite/manifest.json';

/** The modules of the public pages' routes (apps/web/src/app/routes.tsx), by page kind. */
export const PUBLIC_PAGE_MODULES = {
  shop: 'src/features/storefront/routes/ShopPage.tsx',
  product: 'src/features/storefront/routes/ProductPage.tsx',
} as const;

function entryOf(manifest: BuildManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The web build manifest has no entry.');
  return entry;
}

/**
 * `keys` and every chunk they import statically, each once, imports before their importer:
 * the order their stylesheets apply in (a page's own rules after the shared ones they refine).
 */
function withImports(manifest: BuildManifest, keys: string[]): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web build manifest has no chunk ${key}.`);
    for (const imported of chunk.imports ?? []) visit(imported);
    ordered.push(key);
  };
  for (const key of keys) visit(key);
  return ordered;
}

/** The manifest keys of what a page loads: the entry, its route's chunk and their imports. */
export function pageChunks(manifest: BuildManifest, routeModule: string): string[] {
  return withImports(manifest, [entryOf(manifest), routeModule]);
}

/** What a public page loads beyond index.html: its route's stylesheets and code. */
export interface RouteAssets {
  /** In the order they apply; absolute paths. */
  stylesheets: string[];
  /** The route's chunk and the ones it imports that the entry does not; absolute paths. */
  code: string[];
}

/**
 * The stylesheets a page of `routeModule` needs to paint its server-rendered HTML styled
 * (index.html links only the entry's) and the code it then runs, without what index.html
 * already asks for.
 */
export function routeAssets(manifest: BuildManifest, routeModule: string): RouteAssets {
  const entryChunks = new Set(withImports(manifest, [entryOf(manifest)]));
  const entryCss = new Set([...entryChunks].flatMap((key) => manifest[key]!.css ?? []));
  const routeChunks = pageChunks(manifest, routeModule).filter((key) => !entryChunks.has(key));
  const css = new Set(routeChunks.flatMap((key) => manifest[key]!.css ?? []));
  return {
    stylesheets: [...css].filter((file) => !entryCss.has(file)).map((file) => `/${file}`),
    code: routeChunks.map((key) => `/${manifest[key]!.file}`),
  };
}

/** What a public page the server rendered loads: the public pages' own build (web-page.ts). */
export interface RenderedPageAssets {
  /** In the order they apply; absolute paths. */
  stylesheets: string[];
  /** The build's entry, which takes the page over; an absolute path. */
  script: string;
  /** The code the entry then imports for the page: the route's chunk and its imports. */
  preloads: string[];
}

/** The manifest key of a build's one stylesheet, when it does not split its CSS by chunk. */
const SINGLE_STYLESHEET = 'style.css';

/**
 * The stylesheets and code of a page of `routeModule` in the public pages' build, whose
 * `manifest` lists its files relative to `base` (the folder it is served from, e.g.
 * /assets/public/).
 */
export function renderedPageAssets(
  manifest: BuildManifest,
  routeModule: string,
  base: string,
): RenderedPageAssets {
  const entry = entryOf(manifest);
  const chunks = pageChunks(manifest, routeModule);
  const css = new Set([
    ...(manifest[SINGLE_STYLESHEET] ? [manifest[SINGLE_STYLESHEET].file] : []),
    ...chunks.flatMap((key) => manifest[key]!.css ?? []),
  ]);
  return {
    stylesheets: [...css].map((file) => `${base}${file}`),
    script: `${base}${manifest[entry]!.file}`,
    preloads: chunks.filter((key) => key !== entry).map((key) => `${base}${manifest[key]!.file}`),
  };
}
