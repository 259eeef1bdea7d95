import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildMetaPlugin } from './build/build-meta-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { readRoutePaths } from './build/route-paths.ts';

const routeTreeFile = fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url));
const apiServer = process.env.BACKDESK_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Must run before the React plugin: it rewrites route files into lazily loaded chunks.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, generatedRouteTree: routeTreeFile }),
    react(),
    buildMetaPlugin({ routes: () => readRoutePaths(routeTreeFile) }),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract only declares schemas and constants. Marked pure, a runtime import of a helper
        // (hasPanelAccess, SPEC_MESSAGES) no longer drags every schema, and zod, into the entry.
        moduleSideEffects: (id) => (id.includes('/packages/contract/src/') ? false : undefined),
      },
      output: {
        // Everything the entry loads anyway goes into one chunk: one request, and gzip sees it whole.
        codeSplitting: { groups: [{ name: 'startup', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiServer, '/_build': apiServer },
  },
  preview: { port: 4173, proxy: { '/api': apiServer } },
});
