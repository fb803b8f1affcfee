import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PUBLIC_PAGES_DIR } from '@kartlink/contracts';
import {
  type BuildManifest,
  MANIFEST_FILE,
  pageChunks,
  PUBLIC_PAGE_MODULES,
  renderedPageAssets,
} from '@kartlink/gateway/tooling';
import { buildAll } from '../stack';

/**
 * `npm run bench -- bundle`: what a browser downloads to show each public page, from the web
 * app's builds: the entry, the page's route chunk and everything they import statically (Vite's
 * manifest, .vite/manifest.json of the build), JavaScript and CSS, each as the gateway sends it
 * (its build-time brotli and gzip copies; a file too small to have them goes as it is). A page
 * the server rendered loads the public pages' own build (PUBLIC_PAGES_DIR: Preact, no router),
 * checked against issue 14's budget (the public route's JavaScript at most 80 KB gzip); beside
 * it, the same page from the app's build, which a page the server could not render loads (and
 * every public page loaded before the public pages had their own build). Checks that no
 * dashboard, sign-in or chart code is among either (each build's .vite/chunk-modules.json says
 * which modules each chunk holds). Exits 1 when a page is over budget or loads such code.
 */
const rootDir = resolve(__dirname, '..', '..');
const distDir = join(rootDir, 'apps', 'web', 'dist');
const BUDGET_JS_GZIP_BYTES = 80 * 1024;

const PAGES = [
  ['public shop /{shopUrl}', PUBLIC_PAGE_MODULES.shop],
  ['product /{shopUrl}/{shortCode}', PUBLIC_PAGE_MODULES.product],
] as const;

/** Code a public page has no use for, by where it comes from. */
const NOT_FOR_PUBLIC_PAGES =
  /^src\/(?:features\/(?:auth|analytics|overview|products|shop-settings|shop-setup|pricing|marketing)\/|app\/DashboardLayout|components\/(?:charts|media|plan|form)\/)|^node_modules\/(?:recharts|d3-|victory|react-dropzone|canvas-confetti)/;

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const size = (path: string) => (existsSync(path) ? statSync(path).size : undefined);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Raw, gzip and brotli bytes of a built file as the gateway sends it. */
function sent(path: string) {
  const raw = size(path) ?? 0;
  return { raw, gzip: size(`${path}.gz`) ?? raw, brotli: size(`${path}.br`) ?? raw };
}

const BUILDS = [
  { name: 'rendered (public build)', dir: join(distDir, PUBLIC_PAGES_DIR), budget: true },
  { name: 'app build (baseline)', dir: distDir, budget: false },
] as const;

async function main() {
  console.log('Building…');
  const build = await buildAll(rootDir);
  if (build.code !== 0) throw new Error(build.output);

  let failed = false;
  const rows = [];
  for (const { name, dir, budget } of BUILDS) {
    const manifest = readJson<BuildManifest>(join(dir, MANIFEST_FILE));
    const modules = readJson<Record<string, Record<string, number>>>(
      join(dir, '.vite', 'chunk-modules.json'),
    );
    for (const [page, routeChunk] of PAGES) {
      const chunks = pageChunks(manifest, routeChunk);
      const js = chunks.map((key) => manifest[key]!.file);
      // The chunks' stylesheets, or the build's one stylesheet (the public pages' build).
      const css = renderedPageAssets(manifest, routeChunk, '').stylesheets;
      const total = (files: string[]) =>
        files
          .map((file) => sent(join(dir, file)))
          .reduce(
            (sum, file) => ({
              raw: sum.raw + file.raw,
              gzip: sum.gzip + file.gzip,
              brotli: sum.brotli + file.brotli,
            }),
            { raw: 0, gzip: 0, brotli: 0 },
          );
      const jsSize = total(js);
      const cssSize = total(css);
      const unwanted = js.flatMap((file) =>
        Object.keys(modules[file] ?? {}).filter((id) => NOT_FOR_PUBLIC_PAGES.test(id)),
      );
      const withinBudget = jsSize.gzip <= BUDGET_JS_GZIP_BYTES;
      failed ||= (budget && !withinBudget) || unwanted.length > 0;
      rows.push({
        page,
        build: name,
        'JS files': js.length,
        'JS raw': kb(jsSize.raw),
        'JS gzip': kb(jsSize.gzip),
        'JS brotli': kb(jsSize.brotli),
        'CSS files': css.length,
        'CSS gzip': kb(cssSize.gzip),
        'CSS brotli': kb(cssSize.brotli),
        budget: !budget
          ? '—'
          : withinBudget
            ? 'within 80 KB gzip'
            : `OVER by ${kb(jsSize.gzip - BUDGET_JS_GZIP_BYTES)}`,
      });
      console.log(`\n${page}, ${name}: ${js.join(', ')}${css.length ? `; ${css.join(', ')}` : ''}`);
      console.log(
        unwanted.length > 0
          ? `  code a public page should not load: ${unwanted.join(', ')}`
          : '  no dashboard, sign-in or chart code',
      );
    }
  }
  console.log();
  console.table(rows);
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
