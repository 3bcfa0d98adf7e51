import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { sendText, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { call } from '../support/test-server.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';

const SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const ADMIN_KEY = 'admin-key-for-webhook-nodes';
const stats = (song: string) => JSON.stringify({ currentlisteners: 4, averagetime: 600, songtitle: song, streamstatus: 1, streamuptime: 100, bitrate: '128', content: 'audio/mpeg' });
const typeOf = (hook: ReceivedWebhook) => (JSON.parse(hook.body) as { type: string }).type;

// Two service processes on one Redis, both with the same endpoint, as behind a load balancer.
describe.skipIf(!hasRedis)('webhooks with two nodes on one Redis', () => {
  const prefix = uniquePrefix('hooks-nodes');
  let receiver: WebhookReceiver;
  let replay: ReplayServer;
  let nodes: ServiceProcess[];
  let urls: string[];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // Every third message fails its first attempt: its retry may run on either node.
    let messages = 0;
    const failFirst = new Set<string>();
    receiver.answer((req, res, seen) => {
      const id = req.headers['webhook-id'] as string;
      if (seen.length === 0 && ++messages % 3 === 0) failFirst.add(id);
      res.writeHead(seen.length === 0 && failFirst.has(id) ? 500 : 200).end();
    });
    replay = await startReplayServer();
    replay.respond(sendText(stats('Phil Wickham - Battle Belongs')));
    const config = join(mkdtempSync(join(tmpdir(), 'radio-hooks-')), 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        adminApiKey: ADMIN_KEY,
        requests: { delaySeconds: 0 },
        stream: { kind: 'shoutcast2', statusUrl: `${replay.url}/stats?sid=1&json=1`, pollSeconds: 1 },
        webhooks: {
          allowPrivateAddresses: true,
          retry: { attempts: 5, firstRetryMs: 50 },
          endpoints: [{ url: `${receiver.url}/hook`, events: ['song.changed', 'request.queued'], secret: SECRET }],
        },
      }),
    );
    nodes = [0, 1].map(() => startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix, RADIO_CONFIG: config, LOG_LEVEL: 'info' }));
    urls = (await Promise.all(nodes.map((n) => n.listening))).map((port) => `http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await Promise.all([receiver.close(), replay.close()]);
    await deleteKeys(redisUrl, prefix);
  });

  it('delivers each event once, whichever node saw it and whichever node retried it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(`${urls[i % 2]}/api/mobile/requests`, { body: { artist: 'Node Test', song_title: `Song ${i}` } });
      expect(res.status).toBe(201);
      ids.push(`msg_request_queued_${res.body.data.id}`);
    }
    const delivered = await Promise.all(ids.map((id) => receiver.next((h) => h.headers['webhook-id'] === id && h.status === 200)));
    for (const hook of delivered) expect(new Webhook(SECRET).verify(hook.body, hook.headers)).toMatchObject({ type: 'request.queued' });

    // Each node lists every delivery, with the attempts the receiver saw: one success each.
    for (const url of urls) {
      const listed = await call(`${url}/api/admin/webhooks/deliveries?limit=500`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      for (const id of ids) {
        const attempts = receiver.received.filter((h) => h.headers['webhook-id'] === id);
        expect(
          attempts.filter((h) => h.status === 200),
          id,
        ).toHaveLength(1);
        const record = listed.body.data.deliveries.find((d: { id: string }) => d.id === id);
        expect(record).toMatchObject({ status: 'delivered', attempts: attempts.length, last_status_code: 200 });
      }
    }
    const retried = ids.filter((id) => receiver.received.filter((h) => h.headers['webhook-id'] === id).length === 2);
    expect(retried.length).toBeGreaterThanOrEqual(3);
    process.stdout.write(`[webhooks-nodes] ${ids.length} requests on 2 nodes: ${ids.length} delivered once each, ${retried.length} after one retry\n`);
  });

  it('announces a song change once, though both nodes poll the stream server', async () => {
    const first = await receiver.next((h) => typeOf(h) === 'song.changed' && h.status === 200);
    expect(JSON.parse(first.body).data.now_playing.song.title).toBe('Battle Belongs');
    replay.respond(sendText(stats('Chris Tomlin - Good Good Father')));
    const second = await receiver.next((h) => typeOf(h) === 'song.changed' && h.status === 200 && h.body.includes('Good Good Father'));
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    const changes = receiver.received.filter((h) => typeOf(h) === 'song.changed' && h.status === 200);
    expect(changes.map((h) => JSON.parse(h.body).data.now_playing.song.title)).toEqual(['Battle Belongs', 'Good Good Father']);
  });
});
