import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: { '@kartlink/contracts': fromHere('../../libs/contracts/src/index.ts') },
  },
  build: { outDir: fromHere('dist'), emptyOutDir: true },
  // The gateway answers /api on :3000; in production it serves dist/ itself.
  server: { proxy: { '/api': 'http://localhost:3000' } },
  preview: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
