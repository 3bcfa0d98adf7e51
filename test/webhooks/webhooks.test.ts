import { Ajv } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { isPrivateAddress } from '../../src/net/safe-address.js';
import { eventually } from '../support/eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { sendText, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';

const addFormats = ajvFormats.default.default;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ADMIN_KEY = 'admin-key-for-webhook-tests';
const ALL_EVENTS = ['song.changed', 'station.online', 'station.offline', 'request.queued', 'request.played'];
const admin = { authorization: `Bearer ${ADMIN_KEY}` };

const stats = (listeners: number, song: string) =>
  JSON.stringify({ currentlisteners: listeners, averagetime: 600, songtitle: song, streamstatus: 1, streamuptime: 100, bitrate: '128', content: 'audio/mpeg' });

const payloadOf = (hook: ReceivedWebhook) => JSON.parse(hook.body) as { type: string; timestamp: string; data: any };
const verified = (hook: ReceivedWebhook) => new Webhook(SECRET).verify(hook.body, hook.headers) as { type: string; data: any };

const stores = [
  { name: 'in memory', redis: false },
  { name: 'on Redis (BullMQ)', redis: true },
];

describe.each(stores)('webhooks, $name', ({ redis }) => {
  const prefix = uniquePrefix('webhooks');
  let receiver: WebhookReceiver;
  let replay: ReplayServer;
  let server: TestServer;
  const skip = redis && !hasRedis;

  beforeAll(async () => {
    if (skip) return;
    receiver = await startWebhookReceiver();
    receiver.answer((req, res, seen) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (req.url === '/flaky' && seen.length === 0) {
        res.writeHead(500).end('try again');
      } else {
        res.writeHead(req.url === '/discord' ? 204 : 200).end();
      }
    });
    replay = await startReplayServer();
    server = await startTestServer({
      adminApiKey: ADMIN_KEY,
      requests: { delaySeconds: 0, thresholdSeconds: 0 },
      stream: { kind: 'shoutcast2', statusUrl: `${replay.url}/stats?sid=1&json=1` },
      ...(redis ? { redis: { url: redisUrl, prefix } } : {}),
      webhooks: {
        allowPrivateAddresses: true,
        timeoutMs: 2000,
        retry: { attempts: 3, firstRetryMs: 20 },
        endpoints: [
          { url: `${receiver.url}/all`, events: ALL_EVENTS, secret: SECRET },
          { url: `${receiver.url}/flaky`, events: ['request.queued'], secret: SECRET },
          { url: `${receiver.url}/discord`, events: ['request.queued'], secret: SECRET, format: 'discord' },
          { url: `${receiver.url}/redirect`, events: ['request.queued'], secret: SECRET },
        ],
      },
    });
  });
  afterAll(async () => {
    if (skip) return;
    await server.close();
    await Promise.all([receiver.close(), replay.close()]);
    if (redis) await deleteKeys(redisUrl, prefix);
  });

  const request = async (artist: string, song_title: string) => {
    const res = await call(`${server.url}/api/mobile/requests`, { body: { artist, song_title, requester_name: 'Ruth' } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const deliveries = async () => {
    const res = await call(`${server.url}/api/admin/webhooks/deliveries?limit=500`, { headers: admin });
    expect(res.status).toBe(200);
    return res.body.data.deliveries as Array<Record<string, any>>;
  };
  const deliveryTo = async (path: string, id: string) => (await deliveries()).find((d) => d.url.endsWith(path) && d.id === id);

  it.skipIf(skip)('signs a queued request per Standard Webhooks; the reference library verifies it', async () => {
    const queued = await request('Chris Tomlin', 'Amazing Grace');
    const hook = await receiver.next((h) => h.path === '/all' && payloadOf(h).data.id === queued.id);
    expect(hook.headers['webhook-id']).toBe(`msg_request_queued_${queued.id}`);
    expect(Math.abs(Number(hook.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(verified(hook)).toEqual({ type: 'request.queued', timestamp: expect.any(String), data: queued });
    // a body changed on the way, or signed with another secret, is refused
    expect(() => new Webhook(SECRET).verify(hook.body.replace('Amazing', 'Amazed'), hook.headers)).toThrow();
    expect(() => new Webhook('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').verify(hook.body, hook.headers)).toThrow();
  });

  it.skipIf(skip)('retries after a 500 with the same webhook-id, signed afresh, and lists it as delivered', async () => {
    const queued = await request('Hillsong United', 'Oceans');
    const id = `msg_request_queued_${queued.id}`;
    const delivered = await receiver.next((h) => h.path === '/flaky' && h.headers['webhook-id'] === id && h.status === 200);
    const attempts = receiver.received.filter((h) => h.path === '/flaky' && h.headers['webhook-id'] === id);
    expect(attempts.map((h) => h.status)).toEqual([500, 200]);
    for (const attempt of attempts) expect(verified(attempt).data).toEqual(queued);
    expect(payloadOf(delivered).data).toEqual(queued);
    await eventually(async () => expect(await deliveryTo('/flaky', id)).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null, type: 'request.queued' }));
  });

  it.skipIf(skip)('posts a Discord message without mentions to a discord endpoint', async () => {
    const queued = await request('Lauren Daigle', 'You Say @everyone');
    const hook = await receiver.next((h) => h.path === '/discord' && h.headers['webhook-id'] === `msg_request_queued_${queued.id}`);
    expect(JSON.parse(hook.body)).toEqual({ content: '🙏 Song request: Lauren Daigle - You Say @everyone (from Ruth)', allowed_mentions: { parse: [] } });
  });

  it.skipIf(skip)('follows no redirect: a 302 is a failed attempt, retried, then failed', async () => {
    const queued = await request('Phil Wickham', 'Battle Belongs');
    const id = `msg_request_queued_${queued.id}`;
    await eventually(async () => expect(await deliveryTo('/redirect', id)).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 302 }));
    expect(receiver.received.filter((h) => h.path === '/redirect' && h.headers['webhook-id'] === id)).toHaveLength(3);
    expect(receiver.received.filter((h) => h.path === '/elsewhere')).toEqual([]);
  });

  it.skipIf(skip)('announces on air, the song change, the request it plays, and off air', async () => {
    const queued = await request('MercyMe', 'I Can Only Imagine');
    replay.respond(sendText(stats(7, 'MercyMe - I Can Only Imagine')));
    await server.app.poller.tick();
    const online = await receiver.next((h) => h.path === '/all' && payloadOf(h).type === 'station.online');
    expect(verified(online).data).toMatchObject({ online: true, listeners: 7, server_status: 'online' });
    const song = await receiver.next((h) => h.path === '/all' && payloadOf(h).type === 'song.changed');
    expect(verified(song).data).toMatchObject({ now_playing: { song: { artist: 'MercyMe', title: 'I Can Only Imagine' } }, online: true });
    const played = await receiver.next((h) => h.path === '/all' && payloadOf(h).type === 'request.played');
    expect(verified(played).data).toEqual({ ...queued, status: 'played' });

    replay.respond((_req, res) => res.writeHead(500).end());
    // one failed poll is a glitch; the second in a row takes the station off air (docs/polling.md)
    await server.app.poller.tick();
    await server.app.poller.tick();
    const offline = await receiver.next((h) => h.path === '/all' && payloadOf(h).type === 'station.offline');
    expect(verified(offline).data).toMatchObject({ online: false, server_status: 'offline' });
    // going off air re-announced now playing with the same song: still one song.changed
    await eventually(async () => expect((await deliveries()).filter((d) => d.type === 'station.offline')).toHaveLength(1));
    expect(receiver.received.filter((h) => h.path === '/all' && payloadOf(h).type === 'song.changed')).toHaveLength(1);
  });

  it.skipIf(skip)('sends request.played when staff mark a request Played, as for a detected play, and nothing for Rejected', async () => {
    const queued = await request('Elevation Worship', 'Graves Into Gardens');
    const marked = await call(`${server.url}/api/admin/requests/${queued.id}`, { method: 'PATCH', headers: admin, body: { status: 'played' } });
    expect(marked.status).toBe(200);
    const played = await receiver.next((h) => h.path === '/all' && h.headers['webhook-id'] === `msg_request_played_${queued.id}`);
    expect(verified(played)).toMatchObject({ type: 'request.played', data: { ...queued, status: 'played' } });
    const rejected = await request('Elevation Worship', 'Do It Again');
    expect((await call(`${server.url}/api/admin/requests/${rejected.id}`, { method: 'PATCH', headers: admin, body: { status: 'rejected' } })).status).toBe(200);
    // A rejected request is no play: its queued hook arrives, no played one.
    await receiver.next((h) => h.path === '/all' && h.headers['webhook-id'] === `msg_request_queued_${rejected.id}`);
    await eventually(async () => expect((await deliveries()).some((d) => d.id === `msg_request_queued_${rejected.id}`)).toBe(true));
    expect((await deliveries()).filter((d) => d.id === `msg_request_played_${rejected.id}`)).toEqual([]);
  });

  it.skipIf(skip)('sends bodies that match the AsyncAPI document, type by type', async () => {
    const asyncapi = (await call(`${server.url}/api/asyncapi.json`)).body;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv, ['date-time', 'uri']);
    const schemaOf = (type: string) => {
      const message = Object.values(asyncapi.components.messages as Record<string, any>).find((m) => m.name === type);
      return asyncapi.components.schemas[message.payload.$ref.split('/').at(-1)];
    };
    const bodies = receiver.received.filter((h) => h.path !== '/discord').map(payloadOf);
    expect(new Set(bodies.map((b) => b.type))).toEqual(new Set(ALL_EVENTS));
    for (const body of bodies) {
      const validate = ajv.compile(schemaOf(body.type));
      expect(validate(body), `${body.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it.skipIf(skip)('lists deliveries only to the admin key', async () => {
    expect((await call(`${server.url}/api/admin/webhooks/deliveries`)).status).toBe(401);
    expect((await call(`${server.url}/api/admin/webhooks/deliveries`, { headers: { authorization: 'Bearer wrong-key-wrong-key' } })).status).toBe(401);
    const listed = await deliveries();
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.every((d) => ['pending', 'retrying', 'delivered', 'failed'].includes(d.status))).toBe(true);
  });
});

describe('webhooks refuse private addresses unless allowed (SSRF)', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const port = new URL(receiver.url).port;
    server = await startTestServer({
      adminApiKey: ADMIN_KEY,
      webhooks: {
        endpoints: [
          { url: `${receiver.url}/by-address`, events: ['request.queued'], secret: SECRET },
          { url: `http://localhost:${port}/by-name`, events: ['request.queued'], secret: SECRET },
        ],
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('never connects to 127.0.0.1, by address or by a name that resolves to it, and says why', async () => {
    const queued = await call(`${server.url}/api/mobile/requests`, { body: { artist: 'Casting Crowns', song_title: 'Who Am I' } });
    expect(queued.status).toBe(201);
    const listed = await eventually(async () => {
      const res = await call(`${server.url}/api/admin/webhooks/deliveries`, { headers: admin });
      expect(res.body.data.deliveries.map((d: { status: string }) => d.status)).toEqual(['failed', 'failed']);
      return res.body.data.deliveries;
    });
    for (const delivery of listed) {
      expect(delivery).toMatchObject({ attempts: 1, last_status_code: null });
      expect(delivery.last_error).toMatch(/resolves to (127\.0\.0\.1|::1), a loopback, private or reserved address/);
    }
    expect(receiver.received).toEqual([]);
  });

  it('classifies addresses: loopback, private, link-local (cloud metadata) and mapped ones are refused', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('webhook attempts and settings', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.answer(() => undefined); // never answers
    server = await startTestServer({
      adminApiKey: ADMIN_KEY,
      webhooks: {
        allowPrivateAddresses: true,
        timeoutMs: 300,
        retry: { attempts: 1, firstRetryMs: 10 },
        endpoints: [{ url: `${receiver.url}/silent`, events: ['request.queued'], secret: SECRET }],
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('gives up an attempt that gets no answer within timeoutMs', async () => {
    expect((await call(`${server.url}/api/mobile/requests`, { body: { artist: 'Tauren Wells', song_title: 'Hills and Valleys' } })).status).toBe(201);
    const [delivery] = await eventually(async () => {
      const res = await call(`${server.url}/api/admin/webhooks/deliveries`, { headers: admin });
      expect(res.body.data.deliveries[0]?.status).toBe('failed');
      return res.body.data.deliveries;
    });
    expect(delivery).toMatchObject({ attempts: 1, last_status_code: null, last_error: 'no answer within 300 ms' });
    expect(receiver.received.map((h) => [h.path, h.status])).toEqual([['/silent', 0]]); // reached, never answered
  });

  it('refuses a bad endpoint at start-up, naming the key', () => {
    const bad = (endpoint: Record<string, unknown>) => () =>
      loadConfig({}, { webhooks: { endpoints: [{ url: 'https://example.org/hook', events: ['song.changed'], secret: SECRET, ...endpoint }] } });
    expect(bad({})).not.toThrow();
    expect(bad({ secret: 'hunter2' })).toThrow(ConfigError);
    expect(bad({ secret: 'hunter2' })).toThrow(/webhooks\.endpoints\.0\.secret/);
    expect(bad({ events: ['song.skipped'] })).toThrow(/webhooks\.endpoints\.0\.events/);
    expect(bad({ url: 'ftp://example.org/' })).toThrow(/webhooks\.endpoints\.0\.url/);
    expect(bad({ format: 'slack' })).toThrow(/webhooks\.endpoints\.0\.format/);
  });
});
