import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chunkModules, precompress } from './build-plugins';
// The config runs in Node before anything is built, and the contracts package resolves to its
// build output, so the one file it needs is read from source.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { PUBLIC_URL_META, SERVER_RENDERER_FILE } from '../../libs/contracts/src/web-page';

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

export default defineConfig(({ isSsrBuild }) => ({
  root: fromHere('.'),
  plugins: isSsrBuild
    ? [react()]
    : [react(), publicUrlMeta(process.env.PUBLIC_URL), chunkModules(fromHere('.')), precompress()],
  resolve: {
    alias: { '@kartlink/contracts': fromHere('../../libs/contracts/src/index.ts') },
  },
  // `vite build --ssr src/entry-server.tsx`: the public pages' renderer the gateway loads, one
  // CommonJS file with every package in it, so the gateway's image needs nothing else.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: isSsrBuild
    ? {
        outDir: fromHere(`dist/${serverDir}`),
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { format: 'cjs', entryFileNames: serverFile } },
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
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    // jsdom's fetch needs absolute URLs; this is the origin jsdom pretends to be.
    env: { VITE_API_URL: 'http://localhost:3000/api' },
  },
}));
