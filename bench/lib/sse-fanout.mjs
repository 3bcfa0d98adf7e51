// SSE fan-out: N raw SSE clients on /api/live/events; a song change on a stream server the
// service polls (Icecast JSON, every second); the time from the poll that read the new song to
// the last client having it, over repeated changes.
import { createServer } from 'node:http';
import { benchConfig, cpuMs, cpuSplitMs, startClientFleet, startService, stop } from './processes.mjs';

const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');

/** An Icecast status-json.xsl stand-in whose title the bench sets; notes when a title was first read. */
async function startStatusServer() {
  let title = 'Bench Artist - Warm Up';
  const firstRead = new Map();
  const server = createServer((_, res) => {
    if (!firstRead.has(title)) firstRead.set(title, now());
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        icestats: { source: { listenurl: 'http://127.0.0.1:8000/live.mp3', title, listeners: 5, bitrate: 128, server_type: 'audio/mpeg', stream_start_iso8601: '2026-01-01T00:00:00+0000' } },
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/status-json.xsl`,
    setTitle: (next) => (title = next),
    /** Resolves with the time the poller first read `wanted` (polls come every second). */
    readAt: (wanted) =>
      new Promise((resolve) => {
        const check = () => (firstRead.has(wanted) ? resolve(firstRead.get(wanted)) : setTimeout(check, 5));
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

function startSseClients() {
  const fleet = startClientFleet('bench/sse-clients.mjs');
  return { ...fleet, connect: (url, count) => fleet.connect({ url, count }) };
}

/** One node, in-memory store, `clients` SSE streams, `songs` song changes. */
export async function benchSseFanout({ clients: count, songs }) {
  const status = await startStatusServer();
  const config = benchConfig({ stream: { enabled: true, kind: 'icecast', statusUrl: status.url, mount: '/live.mp3', pollSeconds: 1 } });
  const service = await startService({ RADIO_CONFIG: config });
  const clients = startSseClients();
  try {
    await clients.connect(service.url, count);
    const delays = [];
    const cpuBefore = await cpuMs(service.child.pid);
    const splitBefore = await cpuSplitMs(service.child.pid);
    for (let i = 0; i < songs; i++) {
      const title = `Bench Artist - Song ${i} ${Date.now()}`;
      const { arrived } = await clients.expect(`Song ${i} ${title.split(' ').at(-1)}`);
      status.setTitle(title);
      const [readAt, lastAt] = await Promise.all([status.readAt(title), arrived]);
      delays.push(lastAt - readAt);
    }
    const cpu = (await cpuMs(service.child.pid)) - cpuBefore;
    const splitAfter = await cpuSplitMs(service.child.pid);
    // Between songs the process also polls once a second: CPU per song is an upper bound.
    return {
      clients: count,
      songs,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      cpuPerSongMs: cpu / songs,
      userMsPerSong: (splitAfter.user - splitBefore.user) / songs,
      systemMsPerSong: (splitAfter.system - splitBefore.system) / songs,
    };
  } finally {
    clients.close();
    await stop(service.child);
    await status.close();
  }
}

export function sseFanoutSection(rows) {
  return [
    '',
    '## SSE fan-out (song change read by the poll → last SSE client)',
    '',
    '| Clients | Songs | p50 | p99 | server CPU per song (incl. ~1 poll/s) | of it user | of it system |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.clients.toLocaleString('en-US')} | ${r.songs} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.cpuPerSongMs)} | ${ms(r.userMsPerSong)} | ${ms(r.systemMsPerSong)} |`),
    '',
  ].join('\n');
}
