import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkModules, precompress } from './build-plugins';
// The config runs in Node before anything is built, and the contracts package resolves to its
// build output, so the one file it needs is read from source.
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  PUBLIC_PAGES_DIR,
  PUBLIC_PAGES_ENTRY,
  PUBLIC_PAGES_MODE,
  PUBLIC_URL_META,
  SERVER_RENDERER_FILE,
} from '../../libs/contracts/src/web-page';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Where the dev server sends /api: the gateway `npm run dev` started, else the default one.
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/**
 * The dev server's page carries the public address `npm run dev` passes (PUBLIC_URL), as the
 * gateway's does, so that the links the app shows match the ones the API makes.
 */
function publicUrlMeta(publicUrl: string | undefined): Plugin {
  return {
    name: 'kartlink-public-url',
    apply: 'serve',
    transformIndexHtml: () =>
      publicUrl
        ? [
            {
              tag: 'meta',
              attrs: { name: PUBLIC_URL_META, content: new URL(publicUrl).origin },
              injectTo: 'head',
            },
          ]
        : [],
  };
}

const [serverDir, serverFile] = SERVER_RENDERER_FILE.split('/') as [string, string];

// Preact's own ES module: the server build would otherwise load its CommonJS copy for the
// packages that require('react') (use-sync-external-store), a second Preact with its own hooks.
const preactCompat = join(
  dirname(createRequire(import.meta.url).resolve('preact/package.json')),
  'compat/dist/compat.mjs',
);

/**
 * The public pages' own builds: the code of a server-rendered page (`vite build --mode public`)
 * and the server's renderer (`vite build --ssr`). Both run the app's components on Preact, which
 * answers React's API in a sixth of its size, and on the public pages' router
 * (src/public/router.tsx) where react-router would be: the server writes the very markup the
 * browser then takes over.
 */
const PUBLIC_PAGE_ALIASES = [
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: preactCompat },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: preactCompat },
  { find: /^react-router$/, replacement: fromHere('src/public/router.tsx') },
];

export default defineConfig(({ isSsrBuild, mode }) => {
  const isPublicPages = mode === PUBLIC_PAGES_MODE;
  return {
    root: fromHere('.'),
    plugins: isSsrBuild
      ? [react()]
      : [
          react(),
          publicUrlMeta(process.env.PUBLIC_URL),
          chunkModules(fromHere('.')),
          precompress(),
        ],
    resolve: {
      alias: [
        { find: '@kartlink/contracts', replacement: fromHere('../../libs/contracts/src/index.ts') },
        ...(isPublicPages || isSsrBuild ? PUBLIC_PAGE_ALIASES : []),
      ],
    },
    // `vite build --ssr src/entry-server.tsx`: the public pages' renderer the gateway loads, one
    // CommonJS file with every package in it, so the gateway's image needs nothing else.
    ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
    ...(isPublicPages ? { base: `/${PUBLIC_PAGES_DIR}/` } : {}),
    build: isSsrBuild
      ? {
          outDir: fromHere(`dist/${serverDir}`),
          emptyOutDir: true,
          copyPublicDir: false,
          rollupOptions: { output: { format: 'cjs', entryFileNames: serverFile } },
        }
      : isPublicPages
        ? {
            outDir: fromHere(`dist/${PUBLIC_PAGES_DIR}`),
            emptyOutDir: true,
            copyPublicDir: false,
            assetsDir: '',
            // One stylesheet for both pages (6 KB gzip): one request before the first paint.
            cssCodeSplit: false,
            manifest: true,
            rollupOptions: { input: fromHere(PUBLIC_PAGES_ENTRY) },
          }
        : // The manifest and the chunk report say what each page loads (npm run bench -- pages).
          { outDir: fromHere('dist'), emptyOutDir: true, manifest: true },
    // In production the gateway serves dist/ itself.
    server: { proxy: { '/api': gatewayUrl } },
    preview: { proxy: { '/api': gatewayUrl } },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Page tests type and click through whole forms; npm test runs them beside the
      // integration tests on two cores, where one can take several seconds.
      testTimeout: 15_000,
      restoreMocks: true,
      unstubEnvs: true,
      unstubGlobals: true,
      // jsdom's fetch needs absolute URLs; this is the origin jsdom pretends to be.
      env: { VITE_API_URL: 'http://localhost:3000/api' },
    },
  };
});
