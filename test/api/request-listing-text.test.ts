import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songId } from '../../src/station/song.js';
import { deleteKeys, serverStores } from '../support/redis.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// GET requests answers the stored JSON text of each request spliced in, not parsed and written
// again. What a listener reads must not change with it, on either store: every text comes back
// exactly as posted (non-ASCII, emoji, quotes, slashes, backslashes, a title that looks like the
// absent name's field), the answer is what serialising it would give byte for byte, and a request
// staff changed (priority, rejected, played) reads the same way.

const ADMIN_KEY = 'admin-key-for-the-listing-text';
const TRICKY = [
  { song_title: 'Ñandú — «Alabanza» 🎶🙏', artist: 'Coro São João', requester_name: 'Zoë 👩‍👩‍👧', message: 'Für meine Oma ❤️' },
  { song_title: 'Back in Black', artist: 'AC/DC', message: 'C:\\path\\to "quotes" and </script>' },
  { song_title: 'x","requester_name":null,"y":"', artist: '"requester_name":null', requester_name: '"requester_name":null' },
  { song_title: '日本語のタイトル', artist: 'Ω\u00a0band', message: 'a line\nand a new one' },
];

describe.each(serverStores('request-listing-text'))('GET requests as stored text: $name store', ({ available, redis }) => {
  if (!available) {
    it.skip('skipped: no Redis (REDIS_URL)', () => undefined);
    return;
  }
  let server: TestServer;
  let listener = 0;
  beforeAll(async () => {
    server = await startTestServer({ ...(redis ? { redis } : {}), trustProxy: ['127.0.0.1'], adminApiKey: ADMIN_KEY, requests: { delaySeconds: 0 } });
  });
  afterAll(async () => {
    await server?.close();
    if (redis) await deleteKeys(redis.url, redis.prefix);
  });

  const post = (body: object) => call(`${server.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': `198.51.100.${++listener}` }, body });
  /** The answer's text as it came (checked against the OpenAPI document), and parsed. */
  const listing = async (query = '', headers: Record<string, string> = {}) => {
    const response = await checkedFetch(`${server.url}/api/mobile/requests${query}`, { headers });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, body: JSON.parse(text) as { success: true; data: { requests: Array<Record<string, unknown>>; count: number } } };
  };
  const staff = (id: string, body: object) => call(`${server.url}/api/admin/requests/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${ADMIN_KEY}` }, body });

  it('gives every text back exactly as posted, in the bytes serialising the answer gives', async () => {
    const ids: string[] = [];
    for (const request of TRICKY) {
      const res = await post(request);
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const { text, body } = await listing('?limit=50');
    expect(text).toBe(JSON.stringify(body));
    expect(body.data.count).toBe(TRICKY.length);
    expect(body.data.requests.map((r) => r.id)).toEqual(ids);
    body.data.requests.forEach((answered, i) => {
      const sent = TRICKY[i]!;
      expect(answered).toEqual({
        id: ids[i],
        song_title: sent.song_title,
        artist: sent.artist,
        requester_name: sent.requester_name ?? 'Anonymous',
        message: sent.message ?? null,
        priority: 'normal',
        status: 'pending',
        created_at: expect.any(Number),
      });
    });
    // The absent name in the listener's language; a given name, whatever it looks like, stays.
    const spanish = await listing('?limit=50', { 'accept-language': 'es' });
    expect(spanish.body.data.requests.map((r) => r.requester_name)).toEqual(['Zoë 👩‍👩‍👧', 'Anónimo', '"requester_name":null', 'Anónimo']);
  });

  it('reads a request staff changed the same way: priority, rejected, played', async () => {
    const { body } = await listing('?limit=50');
    const [first, second, third] = body.data.requests as Array<{ id: string }>;
    expect((await staff(first!.id, { priority: 'high' })).status).toBe(200);
    expect((await staff(second!.id, { status: 'rejected' })).status).toBe(200);
    const played = await server.app.store.requests.markPlayed(songId(TRICKY[2]!.artist, TRICKY[2]!.song_title));
    expect(played?.id).toBe(third!.id);

    const all = await listing('?status=all&limit=50');
    expect(all.text).toBe(JSON.stringify(all.body));
    const byId = new Map(all.body.data.requests.map((r) => [r.id, r]));
    expect(byId.get(first!.id)).toMatchObject({ song_title: TRICKY[0]!.song_title, priority: 'high', status: 'pending' });
    expect(byId.get(second!.id)).toMatchObject({ message: TRICKY[1]!.message, status: 'rejected' });
    expect(byId.get(third!.id)).toMatchObject({ song_title: TRICKY[2]!.song_title, requester_name: TRICKY[2]!.requester_name, status: 'played' });
    expect((await listing('?status=rejected')).body.data.requests.map((r) => r.id)).toEqual([second!.id]);
    expect((await listing('?status=played')).body.data.requests.map((r) => r.id)).toEqual([third!.id]);
    const pending = await listing('?limit=50');
    expect(pending.body.data.requests.map((r) => r.id)).toEqual([first!.id, body.data.requests[3]!.id]);
  });

  it.runIf(redis)('answers a row an older release rewrote with cjson (other key order, escaped slash) with the same values', async () => {
    const key = `${redis!.prefix}requests:data`;
    const client = createClient({ url: redis!.url });
    await client.connect();
    try {
      // As the old RESOLVE script stored a rejected request: cjson's order and its "\/".
      await client.hSet(
        key,
        'old-row',
        '{"status":"rejected","artist":"AC\\/DC","priority":"normal","created_at":1780000000,"message":null,"song_title":"Hells Bells 🔔","requester_name":null,"id":"old-row"}',
      );
      await client.zAdd(`${redis!.prefix}requests:all`, { score: Date.now() + 60_000, value: 'old-row' });
    } finally {
      await client.close();
    }
    const { body } = await listing('?status=rejected&limit=50');
    expect(body.data.requests[0]).toEqual({
      id: 'old-row',
      song_title: 'Hells Bells 🔔',
      artist: 'AC/DC',
      requester_name: 'Anonymous',
      message: null,
      priority: 'normal',
      status: 'rejected',
      created_at: 1780000000,
    });
  });
});
