import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { muiWithoutCssVars, precompress } from './scripts/build/perf-plugins.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react(), muiWithoutCssVars(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    modulePreload: { polyfill: false },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // PostgreSQL runs (DATABASE_URL) share one database: files must not run side by side.
          fileParallelism: !process.env.DATABASE_URL,
        },
      },
    ],
  },
});
