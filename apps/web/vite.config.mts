import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const gateway = 'http://localhost:3000';

export default defineConfig({
  root: fromHere('.'),
  cacheDir: fromHere('../../node_modules/.vite/apps/web'),
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@parley/contracts', replacement: fromHere('../../libs/contracts/src/index.ts') },
      // antd documents `antd/locale/*`, which are CommonJS; the ES modules tree-shake (Jest keeps CommonJS).
      { find: /^antd\/locale\/(\w+)$/, replacement: 'antd/es/locale/$1' },
    ],
  },
  server: {
    port: 4200,
    proxy: {
      '/api': gateway,
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: fromHere('../../dist/apps/web'),
    emptyOutDir: true,
    rolldownOptions: {
      // The web takes types and pure rules from @parley/contracts. Its index also loads the DTO classes,
      // whose class-validator decorators look like side effects and would pull class-validator into the
      // bundle; nothing in contracts has a side effect the browser needs, so unused modules are dropped.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/') },
    },
  },
});
