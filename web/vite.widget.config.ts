import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

// widget.js: the custom elements in one classic script, for one <script> tag on any site.
export default defineConfig({
  root: here,
  logLevel: 'warn',
  build: {
    outDir: resolve(here, '../dist/web'),
    emptyOutDir: false,
    target: 'es2020',
    reportCompressedSize: false,
    lib: { entry: resolve(here, 'src/widget/embed.ts'), formats: ['iife'], name: 'RadioWidgets', fileName: () => 'widget.js' },
  },
});
