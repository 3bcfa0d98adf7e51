// npm run lighthouse: Lighthouse (npm) with Debian's Chromium against the built service, on
// the listener page and the two widget pages, phone (Lighthouse's mobile defaults: 4x CPU
// slowdown, slow 4G, simulated) and desktop. Not part of npm test: it takes minutes and its
// numbers depend on the machine. Writes test-artifacts/lighthouse.json and prints a table.
//
// The service runs in this process from dist/ on the in-memory store, polling a tiny Icecast
// status page served here (so a song is on air), with a few chat messages and one request.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { pino } from 'pino';

const here = import.meta.dirname;
const { createApp } = await import(join(here, '../dist/app.js'));
const { deepMerge, loadConfig } = await import(join(here, '../dist/config/load-config.js'));

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_KEY = 'lighthouse-admin-key-0123456789';
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/widget/now-playing,/widget/player').split(',');

// A stand-in for Icecast's status page: one mount, one song.
const icecast = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      icestats: {
        source: {
          listenurl: 'http://127.0.0.1/live.mp3',
          server_type: 'audio/mpeg',
          title: 'Lauren Daigle - You Say',
          listeners: 12,
          bitrate: 128,
          stream_start_iso8601: new Date(Date.now() - 3_600_000).toISOString(),
        },
      },
    }),
  );
});
await new Promise((resolve) => icecast.listen(0, '127.0.0.1', resolve));
const statusUrl = `http://127.0.0.1:${icecast.address().port}/status-json.xsl`;

const config = loadConfig(
  {},
  deepMerge(
    { logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } },
    {
      adminApiKey: ADMIN_KEY,
      stream: { kind: 'icecast', statusUrl, mount: '/live.mp3', enabled: false },
      station: { streamUrl: 'http://127.0.0.1:1/live.mp3', donateUrl: 'https://give.example.org/grace-fm' },
    },
  ),
);
const app = createApp(config, { log: pino({ level: 'silent' }) });
const port = await app.listen();
const base = `http://127.0.0.1:${port}`;
await app.poller.tick();
// The playout system's push, so the whole now-playing card is measured: album, progress, next, presenter.
await fetch(`${base}/api/admin/nowplaying`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
  body: JSON.stringify({
    artist: 'Lauren Daigle',
    title: 'You Say',
    album: 'Look Up Child',
    duration: 275,
    started_at: Math.floor(Date.now() / 1000) - 40,
    next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300 }],
    live: { is_live: true, streamer_name: 'Naomi' },
  }),
});
const post = (path, body) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await post('/api/mobile/chat', { nickname: 'Ruth', message: 'Good morning, Grace FM!' });
await post('/api/mobile/chat', { nickname: 'Naomi', message: 'Amen to that song.' });
await post('/api/mobile/requests', { song_title: 'Oceans', artist: 'Hillsong United', requester_name: 'Grace' });

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];
try {
  for (const path of PAGES) {
    for (const form of ['mobile', 'desktop']) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
        const { lhr } = await lighthouse(base + path, flags, form === 'desktop' ? desktopConfig : undefined);
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          fcpMs: Math.round(metric('first-contentful-paint')),
          lcpMs: Math.round(metric('largest-contentful-paint')),
          tbtMs: Math.round(metric('total-blocking-time')),
          cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
          speedIndexMs: Math.round(metric('speed-index')),
          transferBytes: Math.round(metric('total-byte-weight')),
          failed,
        });
      }
      const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'transferBytes'];
      const row = { page: path, form, runs: RUNS, ...Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])), failed: [...new Set(runs.flatMap((r) => r.failed))] };
      results.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
    }
  }
} finally {
  await chrome.kill();
  await app.close();
  icecast.close();
}

const out = join(here, '..', 'test-artifacts');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'lighthouse.json'), JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, results }, null, 2));
console.log('\n| Page | Form | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | Bytes |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| \`${r.page}\` | ${r.form} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${(r.speedIndexMs / 1000).toFixed(1)} s | ${(r.transferBytes / 1024).toFixed(1)} KB |`,
  );
}
