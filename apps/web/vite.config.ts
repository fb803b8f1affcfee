import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Where the dev server sends /api: the gateway `npm run dev` started, else the default one.
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: { '@kartlink/contracts': fromHere('../../libs/contracts/src/index.ts') },
  },
  build: { outDir: fromHere('dist'), emptyOutDir: true },
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
});
