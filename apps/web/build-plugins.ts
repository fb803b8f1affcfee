import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The files a browser takes compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|webmanifest|txt|xml)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build,
 * both at their best (slow) setting since it happens once; the gateway's static files
 * (@fastify/static `preCompressed`) send the one the browser's Accept-Encoding asks for.
 * A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kartlink-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      // .vite/ holds the build's own reports, which are not served.
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          if ((await stat(path)).size < MIN_BYTES) return;
          const content = await readFile(path);
          const copies: [string, Buffer][] = [
            [
              '.br',
              await brotliAsync(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
            ['.gz', await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
          ];
          for (const [extension, compressed] of copies) {
            if (compressed.length < content.length) await writeFile(path + extension, compressed);
          }
        }),
      );
    },
  };
}

/** Where chunkModules() writes its report, under the build's output folder. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: for every JavaScript chunk, the
 * modules it holds (paths relative to the web app, packages as `node_modules/...`) with their
 * size in the chunk, so that `npm run bench -- pages` can tell what code a page loads.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: 'kartlink-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = Object.fromEntries(
          Object.entries(output.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id, module]) => [shortModuleId(root, id), module.renderedLength]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: JSON.stringify(report, null, 1),
      });
    },
  };
}

function shortModuleId(root: string, id: string): string {
  const path = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const packageAt = path.lastIndexOf('/node_modules/');
  if (packageAt >= 0) return path.slice(packageAt + 1);
  return path.startsWith('/') ? relative(root, path) : path;
}
