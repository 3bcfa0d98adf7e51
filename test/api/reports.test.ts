import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, redisUrl, serverStores } from '../support/redis.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';
import { createHash } from 'node:crypto';

// The reports of issue 31 read back through the API, from polls of a stream server whose pages
// are replayed: listener lists with fixed public addresses (a real Icecast's listeners are all
// 127.x, so countries are tested here; test/poller/icecast-reports.test.ts runs a real one).

const ADMIN_KEY = 'admin-key-for-reports-0001';
const MODERATOR_KEY = 'moderator-key-for-reports-01';
const T0 = Date.parse('2026-06-15T15:00:00Z'); // 10:00 in Chicago
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;

interface Listener {
  id: string;
  ip: string;
  agent: string;
  since: number;
}

const backends = serverStores('reports');

describe.each(backends)('listener and royalty reports ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  let replay: ReplayServer;
  let now = T0;
  let title = '';
  let listeners: Listener[] = [];
  let listsRefused = false;
  const admin = { authorization: `Bearer ${ADMIN_KEY}` };

  beforeAll(async () => {
    replay = await startReplayServer();
    replay.respond((req, res) => {
      if (req.url?.startsWith('/admin/listclients') && listsRefused) {
        res.writeHead(401).end();
        return;
      }
      if (req.url?.startsWith('/admin/listclients')) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        const rows = listeners.map(
          (l) => `<listener id="${l.id}"><IP>${l.ip}</IP><UserAgent>${l.agent}</UserAgent><Connected>${Math.round((now - l.since) / 1000)}</Connected><ID>${l.id}</ID></listener>`,
        );
        res.end(`<?xml version="1.0"?><icestats><source mount="/live.mp3"><Listeners>${listeners.length}</Listeners>${rows.join('')}</source></icestats>`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const source = title ? [{ listenurl: 'http://radio.example:8000/live.mp3', listeners: listeners.length, bitrate: 128, server_type: 'audio/mpeg', title }] : [];
      res.end(JSON.stringify({ icestats: { source } }));
    });
    server = await startTestServer(
      {
        adminApiKey: ADMIN_KEY,
        staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(MODERATOR_KEY) }],
        station: { timezone: 'America/Chicago', name: 'Grace FM' },
        stream: { statusUrl: `${replay.url}/status-json.xsl`, mount: '/live.mp3', admin: { password: 'hackme' } },
        ...(backend.redis ? { redis: backend.redis } : {}),
      },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await server?.close();
    await replay?.close();
    if (backend.redis) await deleteKeys(redisUrl, backend.redis.prefix);
  });

  const pollAt = async (seconds: number) => {
    now = T0 + seconds * 1000;
    await server.app.poller.tick();
  };
  const join = (id: string, ip: string, agent: string) => listeners.push({ id, ip, agent, since: now });
  const leave = (id: string) => (listeners = listeners.filter((l) => l.id !== id));

  it('follows sessions across two songs and reads them back: sessions, players, countries, each play with its audience', async () => {
    title = 'Hillsong United - Oceans';
    join('1', '81.2.69.142', 'VLC/3.0.20 LibVLC/3.0.20');
    join('2', '8.8.8.8', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36');
    await pollAt(0);
    now = T0 + 5000;
    join('3', '5.9.1.1', 'WinampMPEG/5.66');
    await pollAt(10);
    leave('1');
    await pollAt(20);
    title = '=cmd| - Formula, "quoted"';
    await pollAt(30);
    leave('2');
    await pollAt(40);
    title = '';
    listeners = [];
    await pollAt(50);

    const report = await call(`${server.url}/api/admin/reports/listeners?from=2026-06-15&to=2026-06-15&by=hour`, { headers: admin });
    expect(report.status).toBe(200);
    const { days, hours, range } = report.body.data;
    expect(days).toEqual([
      {
        date: '2026-06-15',
        sessions: 3,
        unique_listeners: 3,
        listener_hours: expect.closeTo((3 * 10 + 2 * 10 + 2 * 10 + 1 * 10 + 0 * 10) / 3600, 2),
        // Sessions of 20 s (1: polls 0 → 20, last heard at 10), 40 s (2: 0 → 30) and 35 s (3: 5 → 40).
        average_session_seconds: Math.round((10 + 30 + 35) / 3),
        median_session_seconds: expect.any(Number),
        peak_listeners: 3,
        unknown_seconds: 0,
      },
    ]);
    expect(hours).toHaveLength(24);
    expect(hours[10]).toMatchObject({ hour: '2026-06-15T10:00', sessions: 3, peak_listeners: 3 });
    expect(range.players).toEqual([
      { name: 'Chrome', sessions: 1 },
      { name: 'VLC', sessions: 1 },
      { name: 'Winamp', sessions: 1 },
    ]);
    expect(range.countries.map((c: { name: string }) => c.name).sort()).toEqual(['DE', 'GB', 'US']);
    // A source is named as configured (here the single source: its status URL and mount).
    expect(range.mounts).toEqual([{ name: `${replay.url}/status-json.xsl /live.mp3`, sessions: 3 }]);
    expect(range.session_lengths.reduce((sum: number, b: { sessions: number }) => sum + b.sessions, 0)).toBe(3);
    // No address anywhere under no_ip (the default).
    expect(JSON.stringify(report.body)).not.toMatch(/81\.2\.69\.142|8\.8\.8\.8|5\.9\.1\.1/);

    // The public stats tell the reports' story: listener-seconds summed (80 s, where the polled
    // counts' trapezoid makes 90 s: 0.03 h), seconds per ended session (25, where the last
    // listener's connected time left 35) and the hourly peaks.
    const stats = await call(`${server.url}/api/mobile/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      total_listener_hours: Math.round(((3 * 10 + 2 * 10 + 2 * 10 + 1 * 10) / 3600) * 100) / 100,
      average_listening_time: days[0].average_session_seconds,
      listener_history: [{ timestamp: T0 / 1000, listeners: 3 }],
    });

    const royalties = await checkedFetch(`${server.url}/api/admin/reports/royalties.csv?from=2026-06-15&to=2026-06-15`, { headers: admin });
    expect(royalties.status).toBe(200);
    expect(royalties.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(royalties.headers.get('content-disposition')).toBe('attachment; filename="royalties-2026-06-15-2026-06-15.csv"');
    const lines = (await royalties.text()).split('\r\n');
    expect(lines[0]).toBe('played_at,artist,title,album,label,isrc,duration_seconds,listeners_at_start,peak_listeners,audience,listener_seconds');
    // Oceans: 1 and 2 at its start, 3 joined: an audience of 3; the second song: 2 and 3. Listening
    // counts the listeners of each poll times the seconds since the one before (3×10 + 2×10 + 2×10).
    expect(lines[1]).toBe('2026-06-15T10:00:00-05:00,Hillsong United,Oceans,,,,30,2,3,3,70');
    // A title that would run as a spreadsheet formula is shown as text, quotes doubled.
    expect(lines[2]).toBe(`2026-06-15T10:00:30-05:00,'=cmd|,"Formula, ""quoted""",,,,20,2,2,2,10`);

    const soundExchange = await checkedFetch(`${server.url}/api/admin/reports/royalties.csv?from=2026-06-15&to=2026-06-15&format=soundexchange`, { headers: admin });
    expect((await soundExchange.text()).split('\r\n').slice(0, 2)).toEqual([
      'NAME_OF_SERVICE,TRANSMISSION_CATEGORY,FEATURED_ARTIST,SOUND_RECORDING_TITLE,ISRC,ALBUM_TITLE,MARKETING_LABEL,ACTUAL_TOTAL_PERFORMANCES',
      'Grace FM,A,Hillsong United,Oceans,,,,3',
    ]);

    const csv = await checkedFetch(`${server.url}/api/admin/reports/listeners.csv?from=2026-06-14&to=2026-06-15`, { headers: admin });
    expect((await csv.text()).split('\r\n')).toEqual([
      'date,sessions,unique_listeners,listener_hours,average_session_seconds,median_session_seconds,peak_listeners,unknown_seconds',
      '2026-06-14,0,0,0,,,0,0',
      expect.stringMatching(/^2026-06-15,3,3,0\.0\d,25,\d+,3,0$/),
      '',
    ]);
  });

  it('counts a song a playout push started between polls as a play of its own, with the pushed album, label, ISRC and duration', async () => {
    const day = 86_400;
    title = 'Hillsong United - Oceans';
    listeners = [];
    join('7', '81.2.69.142', 'VLC/3.0.20 LibVLC/3.0.20');
    await pollAt(day);
    now = T0 + (day + 5) * 1000;
    const pushed = await call(`${server.url}/api/admin/nowplaying`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ artist: 'Lauren Daigle', title: 'Rescue', album: 'Look Up Child', label: 'Centricity', isrc: 'USC4R1802601', duration: 200 }),
    });
    expect(pushed.status).toBe(200);
    // The stream server names the same song a moment later: one play, started by the push.
    title = 'Lauren Daigle - Rescue';
    await pollAt(day + 10);
    title = '';
    listeners = [];
    await pollAt(day + 20);

    const royalties = await checkedFetch(`${server.url}/api/admin/reports/royalties.csv?from=2026-06-16&to=2026-06-16`, { headers: admin });
    const lines = (await royalties.text()).split('\r\n');
    expect(lines[1]).toMatch(/^2026-06-16T10:00:00-05:00,Hillsong United,Oceans,,,,\d+,1,1,1,\d+$/);
    expect(lines[2]).toMatch(/^2026-06-16T10:00:05-05:00,Lauren Daigle,Rescue,Look Up Child,Centricity,USC4R1802601,200,1,1,1,\d+$/);
    expect(lines).toHaveLength(4);
  });

  it('leaves the public stats to the polled counts while the listener lists cannot be read, and says so in the reports', async () => {
    const day = 2 * 86_400;
    title = 'Hillsong United - Oceans';
    listeners = [];
    join('9', '81.2.69.142', 'VLC/3.0.20 LibVLC/3.0.20');
    listsRefused = true;
    try {
      await pollAt(day);
      await pollAt(day + 10);
      const stats = await call(`${server.url}/api/mobile/stats`);
      // Not the reports' figures of the days before (80 listener-seconds, 25 s a session) but the polled counts'.
      expect(stats.body.data.average_listening_time).not.toBe(25);
      expect(stats.body.data.listener_history).toContainEqual({ timestamp: T0 / 1000 + day, listeners: 1 });
      // Blind since the last poll (the day before; a gap is capped at 60 s) and between the two.
      const report = await call(`${server.url}/api/admin/reports/listeners?from=2026-06-17&to=2026-06-17`, { headers: admin });
      expect(report.body.data.days[0]).toMatchObject({ sessions: 0, unknown_seconds: 60 + 10 });
    } finally {
      listsRefused = false;
      title = '';
      listeners = [];
      await pollAt(day + 20);
    }
  });

  it('answers 304 to a current ETag and HEAD with the length of GET, each spending the report budget', async () => {
    const url = `${server.url}/api/admin/reports/listeners.csv?from=2026-06-15&to=2026-06-15`;
    const first = await checkedFetch(url, { headers: admin });
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await checkedFetch(url, { headers: { ...admin, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD', headers: admin });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(await first.text()));
  });

  it('refuses without a key (401), a moderator (403), from after to, more than 400 days or hours over a week (400)', async () => {
    const path = `${server.url}/api/admin/reports/listeners`;
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { headers: { authorization: `Bearer ${MODERATOR_KEY}` } })).status).toBe(403);
    for (const query of ['from=2026-06-15&to=2026-06-14', 'from=2025-01-01&to=2026-06-15', 'from=2026-06-01&to=2026-06-15&by=hour', 'from=2026-02-30', 'by=week']) {
      const res = await call(`${path}?${query}`, { headers: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(`${path}?from=2025-05-12&to=2026-06-15`, { headers: admin })).status).toBe(200);
    expect((await checkedFetch(`${server.url}/api/admin/reports/royalties.csv?from=2026-06-15&to=2026-06-01`, { headers: admin })).status).toBe(400);
  });
});

describe('the report budget', () => {
  it('answers 429 report_budget past rateLimit.reports, per client', async () => {
    const server = await startTestServer({ adminApiKey: ADMIN_KEY, rateLimit: { reports: { limit: 2, windowSeconds: 60 } } });
    try {
      const get = () => call(`${server.url}/api/admin/reports/listeners`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      const refused = await get();
      expect(refused.status).toBe(429);
      expect(refused.body.error.reason).toBe('report_budget');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('analytics.level none', () => {
  it('keeps the public stats on the polled counts even with the listener lists at hand', async () => {
    const replay = await startReplayServer();
    let now = T0;
    let listener = { id: '1', connected: 0 };
    replay.respond((req, res) => {
      if (req.url?.startsWith('/admin/listclients')) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(
          `<?xml version="1.0"?><icestats><source mount="/live.mp3"><Listeners>1</Listeners><listener id="${listener.id}"><IP>8.8.8.8</IP><UserAgent>VLC/3.0.20</UserAgent><Connected>${listener.connected}</Connected><ID>${listener.id}</ID></listener></source></icestats>`,
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          icestats: { source: [{ listenurl: 'http://radio.example:8000/live.mp3', listeners: 1, bitrate: 128, server_type: 'audio/mpeg', title: 'Hillsong United - Oceans' }] },
        }),
      );
    });
    const server = await startTestServer(
      { analytics: { level: 'none' }, stream: { statusUrl: `${replay.url}/status-json.xsl`, mount: '/live.mp3', admin: { password: 'hackme' } } },
      { clock: () => now },
    );
    try {
      await server.app.poller.tick();
      now = T0 + 10_000;
      listener = { id: '1', connected: 10 };
      await server.app.poller.tick();
      // The first listener leaves after 10 s, another has been on for 5.
      now = T0 + 20_000;
      listener = { id: '2', connected: 5 };
      await server.app.poller.tick();
      const stats = await call(`${server.url}/api/mobile/stats`);
      // The current listener's connected time (5 s), not the reports' 10 s per ended session.
      expect(stats.body.data.average_listening_time).toBe(5);
      expect(stats.body.data.listener_history).toEqual([{ timestamp: T0 / 1000, listeners: 1 }]);
    } finally {
      await server.close();
      await replay.close();
    }
  });
});
