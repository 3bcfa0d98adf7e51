import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { freePort, RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

const ADMIN_KEY = 'backup-restore-admin-key';
const MOUNT = '/live.mp3';
const PREFIX = 'radio:';
// Redis as compose.yaml runs it: an append-only file synced every second, no periodic snapshot.
const AS_COMPOSE = ['--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''];

type Client = ReturnType<typeof createClient>;

async function connect(url: string): Promise<Client> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** `INFO persistence` as fields. */
async function persistence(client: Client): Promise<Record<string, string>> {
  const text = await client.info('persistence');
  return Object.fromEntries(text.split('\r\n').flatMap((line) => (line.includes(':') ? [line.split(':', 2) as [string, string]] : [])));
}

/**
 * Every key of the station with its type and contents (hash fields and set members sorted: Redis
 * keeps no order there, and a reload may lay them out anew), leaving out what expires within a
 * minute (rate-limit windows): what a restore must bring back.
 */
async function snapshot(client: Client): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for await (const batch of client.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 500 })) {
    for (const key of batch) {
      const ttl = await client.pTTL(key);
      if (ttl !== -1 && ttl < 60_000) continue;
      keys.set(key, JSON.stringify(await contents(client, key)));
    }
  }
  return keys;
}

async function contents(client: Client, key: string): Promise<unknown> {
  const type = await client.type(key);
  switch (type) {
    case 'string':
      return [type, await client.get(key)];
    case 'hash':
      return [type, Object.entries(await client.hGetAll(key)).sort()];
    case 'list':
      return [type, await client.lRange(key, 0, -1)];
    case 'set':
      return [type, (await client.sMembers(key)).sort()];
    case 'zset':
      return [type, await client.zRangeWithScores(key, 0, -1)];
    case 'stream':
      return [type, await client.xRange(key, '-', '+')];
    default:
      throw new Error(`a station key of type ${type}: teach this test to read it`);
  }
}

const json = async (url: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; body: any }> => {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` } });
  return { status: response.status, body: await response.json() };
};
const post = (url: string, body: unknown) => json(url, { method: 'POST', body: JSON.stringify(body) });

const enabled = redisServerInstalled() && icecastInstalled();

// docs/operations.md, "Backups and restore": the procedures there, run as written, on a station's real data.
describe.runIf(enabled)('backing up the Redis data of a station and restoring it into a fresh Redis', () => {
  const dirs = { source: mkdtempSync(join(tmpdir(), 'radio-redis-source-')), backups: mkdtempSync(join(tmpdir(), 'radio-redis-backups-')) };
  let source: RedisServerProcess;
  let icecast: IcecastServer;
  let stream: TestSource;
  const servers: RedisServerProcess[] = [];
  const hubs: ServiceProcess[] = [];
  let before: Map<string, string>;
  const written = { chat: [] as string[], requests: [] as string[], feedback: [] as string[], revenue: [] as Array<Record<string, unknown>>, played: '' };

  const hub = async (redisUrl: string, stationConfig: Record<string, unknown>) => {
    const node = startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, ADMIN_API_KEY: ADMIN_KEY }, { requests: { delaySeconds: 0 }, ...stationConfig });
    hubs.push(node);
    const url = `http://127.0.0.1:${await node.listening}`;
    await eventually(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200));
    return { node, url };
  };

  beforeAll(async () => {
    source = await RedisServerProcess.startOnFreePort({ args: ['--dir', dirs.source, ...AS_COMPOSE] });
    icecast = await IcecastServer.start();
    stream = await icecast.connectSource(MOUNT);
    await icecast.setSong(MOUNT, { song: 'Hillsong Worship - What a Beautiful Name' });

    // A station on air: the poller stores its state; listeners and staff write the rest through the API.
    const { node, url } = await hub(source.url, { stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, pollSeconds: 1, enabled: true } });
    await eventually(async () => expect((await json(`${url}/api/mobile/nowplaying`)).body.data.now_playing?.song.title).toBe('What a Beautiful Name'));
    written.played = 'What a Beautiful Name';
    for (const [nickname, message] of [
      ['Grace_1', 'Praise the Lord!'],
      ['Samuel', 'Greetings from Lagos 🇳🇬'],
      ['Ruth', 'Amen — “Goodness of God” next, please'],
    ]) {
      const res = await post(`${url}/api/mobile/chat`, { nickname, message });
      expect(res.status).toBe(201);
      written.chat.push(res.body.data.id as string);
    }
    for (const [song_title, artist] of [
      ['Goodness of God', 'Bethel Music'],
      ['Way Maker', 'Sinach'],
    ]) {
      const res = await post(`${url}/api/mobile/requests`, { song_title, artist });
      expect(res.status).toBe(201);
      written.requests.push(res.body.data.id as string);
    }
    // Staff play one of them.
    expect((await json(`${url}/api/admin/requests/${written.requests[1]}`, { method: 'PATCH', body: JSON.stringify({ status: 'played' }) })).status).toBe(200);
    for (const body of [
      { type: 'song_rating', rating: 5 },
      { type: 'prayer_request', content: 'Pray for my mother, please.' },
    ]) {
      const res = await post(`${url}/api/mobile/feedback`, body);
      expect(res.status).toBe(201);
      written.feedback.push(res.body.data.id as string);
    }
    for (const body of [
      { event_id: 'don-restore-1', type: 'donation', amount: 2500, currency: 'USD', occurred_at: '2026-11-20T18:00:00Z', source: 'website' },
      { event_id: 'sub-restore-2', type: 'subscription', amount: 999, currency: 'USD', occurred_at: '2026-11-21T09:30:00Z', source: 'app' },
    ]) {
      expect((await post(`${url}/api/analytics/revenue.php`, body)).status).toBe(201);
      written.revenue.push(body);
    }
    expect((await post(`${url}/api/admin/chat/bans`, { nickname: 'Troll', seconds: 86_400 })).status).toBe(201);
    expect((await post(`${url}/api/admin/chat/bans`, { ip: '203.0.113.7', seconds: 86_400 })).status).toBe(201);
    // The hub stops: what is in Redis now is the whole station (the backups below are taken online
    // all the same: BGSAVE and the AOF copy do not stop Redis; a running hub would just add to them).
    expect(await node.stop()).toBe(0);
    const client = await connect(source.url);
    before = await snapshot(client);
    await client.close();
  });

  afterAll(async () => {
    await Promise.all(hubs.map((node) => node.stop()));
    await Promise.all([source, ...servers].map((server) => server?.kill()));
    stream?.disconnect();
    await icecast?.stop();
  });

  /** The station as a listener, staff and the back office see it, through a hub on `redisUrl`. */
  async function expectStation(redisUrl: string): Promise<void> {
    const { url } = await hub(redisUrl, { stream: { enabled: false } });
    const chat = (await json(`${url}/api/mobile/chat?since=0`)).body.data.messages as Array<{ id: string; message: string }>;
    expect(chat.map((m) => m.id)).toEqual(written.chat);
    expect(chat[2]!.message).toBe('Amen — “Goodness of God” next, please');
    const pending = (await json(`${url}/api/mobile/requests?status=pending`)).body.data.requests as Array<{ id: string }>;
    expect(pending.map((r) => r.id)).toEqual([written.requests[0]]);
    const played = (await json(`${url}/api/mobile/requests?status=played`)).body.data.requests as Array<{ id: string }>;
    expect(played.map((r) => r.id)).toEqual([written.requests[1]]);
    const feedback = (await json(`${url}/api/admin/feedback`)).body.data.feedback as Array<{ id: string }>;
    expect(feedback.map((f) => f.id).sort()).toEqual([...written.feedback].sort());
    const bans = (await json(`${url}/api/admin/chat/bans`)).body.data.bans as Array<{ kind: string; value: string }>;
    expect(bans).toHaveLength(2);
    // A banned nickname stays banned.
    expect((await post(`${url}/api/mobile/chat`, { nickname: 'Troll', message: 'back again' })).status).toBe(422);
    const revenue = await json(`${url}/api/analytics/revenue.php?from=2026-11-01&to=2026-11-30`);
    expect(JSON.stringify(revenue.body.data)).toContain('3499');
    // A donation retried after the restore is recognised, not counted twice.
    const replay = await post(`${url}/api/analytics/revenue.php`, written.revenue[0]);
    expect(replay.status).toBe(200);
    const nowPlaying = (await json(`${url}/api/mobile/nowplaying`)).body.data;
    expect(nowPlaying.now_playing?.song.title ?? nowPlaying.recent?.[0]?.song.title).toBe(written.played);
  }

  async function expectSameKeys(redisUrl: string): Promise<{ keys: number; restored: number }> {
    const client = await connect(redisUrl);
    const after = await snapshot(client);
    await client.close();
    const differing = [...before].filter(([key, value]) => after.get(key) !== value).map(([key]) => key);
    expect(differing).toEqual([]);
    return { keys: before.size, restored: before.size - differing.length };
  }

  it('RDB: BGSAVE, copy dump.rdb; restore into a Redis started once without the AOF, then AOF switched on', async () => {
    const client = await connect(source.url);
    const lastSave = await client.lastSave();
    await client.bgSave();
    await eventually(async () => {
      const info = await persistence(client);
      expect(info.rdb_bgsave_in_progress).toBe('0');
      expect(info.rdb_last_bgsave_status).toBe('ok');
      expect(await client.lastSave()).toBeGreaterThanOrEqual(lastSave);
      expect(Number(info.rdb_changes_since_last_save)).toBe(0);
    });
    await client.close();
    const backup = join(dirs.backups, 'rdb');
    cpSync(join(dirs.source, 'dump.rdb'), join(backup, 'dump.rdb'));

    // What goes wrong: a Redis started with the AOF on and no AOF file ignores dump.rdb and starts empty.
    const wrong = mkdtempSync(join(tmpdir(), 'radio-redis-rdb-wrong-'));
    copyFileSync(join(backup, 'dump.rdb'), join(wrong, 'dump.rdb'));
    const wrongRedis = new RedisServerProcess(await freePort(), { args: ['--dir', wrong, ...AS_COMPOSE] });
    servers.push(wrongRedis);
    await wrongRedis.start();
    const empty = await connect(wrongRedis.url);
    expect(await empty.dbSize()).toBe(0);
    await empty.close();
    await wrongRedis.kill();

    // The restore: a fresh Redis, its directory holding only the copy.
    const target = mkdtempSync(join(tmpdir(), 'radio-redis-rdb-restore-'));
    copyFileSync(join(backup, 'dump.rdb'), join(target, 'dump.rdb'));
    const restoredRedis = new RedisServerProcess(await freePort(), { args: ['--dir', target] });
    servers.push(restoredRedis);
    // With appendonly yes and no AOF yet, Redis would ignore dump.rdb and start empty: load it first…
    await restoredRedis.start(['--appendonly', 'no']);
    const restored = await connect(restoredRedis.url);
    // …then switch the AOF on, which writes it from what was loaded, and wait for that rewrite.
    await restored.configSet('appendonly', 'yes');
    await eventually(async () => {
      const info = await persistence(restored);
      expect(info.aof_enabled).toBe('1');
      expect(info.aof_rewrite_in_progress).toBe('0');
      expect(info.aof_rewrite_scheduled).toBe('0');
      expect(info.aof_last_bgrewrite_status).toBe('ok');
    });
    await restored.close();
    // From now on it runs as compose.yaml runs it, from its AOF.
    await restoredRedis.kill();
    await restoredRedis.start(AS_COMPOSE);
    const counts = await expectSameKeys(restoredRedis.url);
    await expectStation(restoredRedis.url);
    process.stdout.write(`[backup] RDB (dump.rdb): ${counts.restored} of ${counts.keys} station keys restored with identical contents: ${[...before.keys()].sort().join(' ')}\n`);
  });

  it('AOF: rewrites paused, the appendonlydir copied; restore by putting it in place', async () => {
    const client = await connect(source.url);
    await client.configSet('auto-aof-rewrite-percentage', '0');
    await eventually(async () => expect((await persistence(client)).aof_rewrite_in_progress).toBe('0'));
    const backup = join(dirs.backups, 'aof');
    cpSync(join(dirs.source, 'appendonlydir'), join(backup, 'appendonlydir'), { recursive: true });
    await client.configSet('auto-aof-rewrite-percentage', '100');
    await client.close();
    expect(readdirSync(join(backup, 'appendonlydir')).some((name) => name.endsWith('.manifest'))).toBe(true);

    // The disaster: the source is gone.
    await source.kill();
    const target = mkdtempSync(join(tmpdir(), 'radio-redis-aof-restore-'));
    cpSync(join(backup, 'appendonlydir'), join(target, 'appendonlydir'), { recursive: true });
    expect(existsSync(join(target, 'dump.rdb'))).toBe(false);
    const restoredRedis = new RedisServerProcess(await freePort(), { args: ['--dir', target, ...AS_COMPOSE] });
    servers.push(restoredRedis);
    await restoredRedis.start();
    const counts = await expectSameKeys(restoredRedis.url);
    await expectStation(restoredRedis.url);
    process.stdout.write(`[backup] AOF (appendonlydir): ${counts.restored} of ${counts.keys} station keys restored with identical contents\n`);
  });
});
