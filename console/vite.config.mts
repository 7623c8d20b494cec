// The console's build: `npm run build` runs it after the service's, into dist/console, which the service serves at
// /console (src/console-static.ts). Only static files: the page calls the public API with the user's token.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // one chunk for the charts, loaded with the analytics page only
    chunkSizeWarningLimit: 1200,
  },
});
