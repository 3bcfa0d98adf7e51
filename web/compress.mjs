// Precompresses the built site: x.js → x.js.br and x.js.gz next to it (the server sends the
// smallest the browser accepts), and prints the listener page's size for the README. How to
// compress is the server's own helper (src/http/precompress.ts), compiled by `tsc` before this runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressBody, isCompressible, listFiles } from '../dist/http/precompress.js';

const root = join(import.meta.dirname, '../dist/web');
const sizes = new Map();
for (const path of listFiles(root).filter(isCompressible)) {
  const file = join(root, path);
  const body = readFileSync(file);
  const { br, gzip } = compressBody(body);
  writeFileSync(`${file}.gz`, gzip);
  writeFileSync(`${file}.br`, br);
  sizes.set(path, { raw: body.length, gzip: gzip.length, br: br.length });
}

// What the listener page loads: index.html and everything it references, transitively.
function closure(entry) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !sizes.has(path)) return;
    seen.add(path);
    const text = readFileSync(join(root, path), 'utf8');
    for (const match of text.matchAll(/assets\/[\w.-]+\.(?:js|css)/g)) visit(match[0]);
    // Chunks import each other relatively: "./preact-1a2b3c.js".
    if (path.startsWith('assets/')) for (const match of text.matchAll(/["']\.\/([\w.-]+\.(?:js|css))["']/g)) visit(`assets/${match[1]}`);
  };
  visit(entry);
  return [...seen];
}
const report = (label, entry, budget) => {
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const path of closure(entry)) for (const k of Object.keys(total)) total[k] += sizes.get(path)[k];
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`web: ${label}: ${kb(total.raw)} raw, ${kb(total.gzip)} gzip, ${kb(total.br)} brotli${budget ? ` (budget ${budget} KB gzip)` : ''}`);
  if (budget && total.gzip > budget * 1024) {
    console.error(`web: ${label} is over its budget`);
    process.exitCode = 1;
  }
};
report('listener page', 'index.html', 60);

// The listener page's JavaScript at start-up: the scripts its HTML names and what they import
// statically. A chunk loaded with import() (the in-band title reader, on Play) is not in it.
function startupScripts(entry) {
  const html = readFileSync(join(root, entry), 'utf8');
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !sizes.has(path)) return;
    seen.add(path);
    const text = readFileSync(join(root, path), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(`assets/${match[1]}`);
  };
  for (const match of html.matchAll(/(?:src|href)="\/?(assets\/[\w.-]+\.js)"/g)) visit(match[1]);
  return [...seen];
}
const LISTENER_JS_BUDGET_KB = 25;
const scripts = startupScripts('index.html').reduce((sum, path) => sum + sizes.get(path).gzip, 0);
console.log(`web: listener page JavaScript at start-up: ${(scripts / 1024).toFixed(1)} KB gzip (budget ${LISTENER_JS_BUDGET_KB} KB; code loaded on Play is apart)`);
if (scripts > LISTENER_JS_BUDGET_KB * 1024) {
  console.error('web: the listener page JavaScript is over its budget');
  process.exitCode = 1;
}
report('console', 'console.html');
report('widget page', 'widget/now-playing.html');
report('widget.js', 'widget.js');
