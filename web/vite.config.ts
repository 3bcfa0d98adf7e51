import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

// The listener page, the console and the two widget pages; shared code lands in hashed chunks
// under assets/ (served with a one-year immutable cache). widget.js is built by vite.widget.config.ts.
export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: resolve(here, '../dist/web'),
    emptyOutDir: true,
    target: 'es2020',
    // No inline script: the CSP has no 'unsafe-inline'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: {
      input: {
        index: resolve(here, 'index.html'),
        console: resolve(here, 'console.html'),
        'widget-now-playing': resolve(here, 'widget/now-playing.html'),
        'widget-player': resolve(here, 'widget/player.html'),
      },
    },
  },
});
