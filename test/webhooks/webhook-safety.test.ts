import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { EndpointRemovedError, GiveUpError, RefusedAddressError } from '../../src/webhooks/delivery-errors.js';
import { isFinalFailure } from '../../src/webhooks/delivery-queue.js';
import { isPrivateAddress } from '../../src/net/safe-address.js';
import { webhookDeliverer } from '../../src/webhooks/webhook-dispatcher.js';
import { attemptDelivery } from '../../src/webhooks/webhook-sender.js';
import { capturedLog } from '../support/captured-log.js';
import { eventually } from '../support/eventually.js';
import { sendText, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js';

// Item 6 of issue 17 (webhook parts) and the memory queue's bound from item 4.

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ADMIN_KEY = 'admin-key-for-webhook-safety';
const admin = { authorization: `Bearer ${ADMIN_KEY}` };
const DISCORD_TOKEN = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7';
const say = (text: string) => process.stdout.write(`[webhook-safety] ${text}\n`);
const contentOf = (hook: ReceivedWebhook) => (JSON.parse(hook.body) as { content: string }).content;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const stats = (song: string) => JSON.stringify({ currentlisteners: 3, averagetime: 600, songtitle: song, streamstatus: 1, streamuptime: 100, bitrate: '128', content: 'audio/mpeg' });

describe('Discord bodies and endpoint secrets, through the server', () => {
  let receiver: WebhookReceiver;
  let replay: ReplayServer;
  let server: TestServer;
  const captured = capturedLog('debug');
  let discordPath: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.answer((req, res) => res.writeHead(req.url?.includes('/fails') ? 500 : 204).end());
    replay = await startReplayServer();
    const port = new URL(receiver.url).port;
    discordPath = `/api/webhooks/112233445566778899/${DISCORD_TOKEN}`;
    server = await startTestServer(
      {
        adminApiKey: ADMIN_KEY,
        requests: { delaySeconds: 0, thresholdSeconds: 0 },
        stream: { kind: 'shoutcast2', statusUrl: `${replay.url}/stats?sid=1&json=1` },
        webhooks: {
          allowPrivateAddresses: true,
          retry: { attempts: 1, firstRetryMs: 10 },
          endpoints: [
            { url: `${receiver.url}${discordPath}?wait=true`, events: ['request.queued', 'song.changed'], secret: SECRET, format: 'discord' },
            { url: `http://hook-user:hunter2-password@127.0.0.1:${port}/fails?token=query-secret-123`, events: ['request.queued'], secret: SECRET },
          ],
        },
      },
      { log: captured.log },
    );
  });
  afterAll(async () => {
    await server.close();
    await Promise.all([receiver.close(), replay.close()]);
  });

  it('escapes Markdown and links from an anonymous song request: no clickable link, no formatting', async () => {
    const res = await call(`${server.url}/api/mobile/requests`, {
      body: { artist: '**Free** [prize](https://evil.example/x)', song_title: '<https://evil.example> `code` ||spoiler|| ~~gone~~ __u__ # head > quote', requester_name: 'Eve_ :smile:' },
    });
    expect(res.status).toBe(201);
    const hook = await receiver.next((h) => h.path.startsWith('/api/webhooks/') && h.headers['webhook-id'] === `msg_request_queued_${res.body.data.id as string}`);
    const content = contentOf(hook);
    say(`Discord content: ${content}`);
    expect(content).toBe(
      '🙏 Song request: \\*\\*Free\\*\\* \\[prize\\]\\(https\\://evil.example/x\\) - \\<https\\://evil.example\\> \\`code\\` \\|\\|spoiler\\|\\| \\~\\~gone\\~\\~ \\_\\_u\\_\\_ \\# head \\> quote (from Eve\\_ \\:smile\\:)',
    );
    // no URL Discord would link: every "://" has its colon escaped
    expect(content).not.toMatch(/https?:\/\//);
    // the request itself round-trips byte-identical through the API
    expect(res.body.data.artist).toBe('**Free** [prize](https://evil.example/x)');
  });

  it('cuts a 2,072-character song title with emoji on whole characters (no lone surrogate), at 2,000', async () => {
    const title = `${'🎸'.repeat(1000)}${'a'.repeat(72)}`; // 2,072 UTF-16 units
    expect(title.length).toBe(2072);
    replay.respond(sendText(stats(`Band - ${title}`)));
    await server.app.poller.tick();
    const hook = await receiver.next((h) => h.path.startsWith('/api/webhooks/') && JSON.parse(h.body).content.startsWith('🎵'));
    const content = contentOf(hook);
    expect(content.length).toBeLessThanOrEqual(2000);
    expect(content).not.toMatch(LONE_SURROGATE);
    expect(content.endsWith('🎸…')).toBe(true);
    expect(hook.body).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i); // the JSON carries no escaped lone surrogate either
  });

  it('never lists or logs credentials, Discord tokens or query strings', async () => {
    const res = await call(`${server.url}/api/mobile/requests`, { body: { artist: 'Secrets', song_title: 'Kept' } });
    const id = `msg_request_queued_${res.body.data.id as string}`;
    // the receiver still gets what the URL says (credentials as Basic auth)
    const sent = await receiver.next((h) => h.path.startsWith('/fails') && h.headers['webhook-id'] === id);
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:hunter2-password').toString('base64')}`);
    const listed = await eventually(async () => {
      const answer = await call(`${server.url}/api/admin/webhooks/deliveries?limit=500`, { headers: admin });
      const mine = (answer.body.data.deliveries as Array<{ id: string; url: string; status: string }>).filter((d) => d.id === id);
      expect(mine.map((d) => d.status).sort()).toEqual(['delivered', 'failed']);
      return answer.body.data.deliveries as Array<{ url: string }>;
    });
    const port = new URL(receiver.url).port;
    expect(new Set(listed.map((d) => d.url))).toEqual(new Set([`http://127.0.0.1:${port}/api/webhooks/112233445566778899/…?…`, `http://127.0.0.1:${port}/fails?…`]));
    const failed = captured.matching('webhook delivery failed');
    expect(failed.length).toBeGreaterThan(0);
    const everything = JSON.stringify(captured.lines) + JSON.stringify(listed);
    for (const secret of [DISCORD_TOKEN, 'hunter2-password', 'hook-user', 'query-secret-123', 'wait=true']) expect(everything).not.toContain(secret);
  });
});

describe('the SSRF rule and the attempt timeout', () => {
  it('refuses IPv4-compatible, NAT64, 6to4 and site-local IPv6 addresses', () => {
    for (const address of ['::127.0.0.1', '::a9fe:a9fe', '::10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::8.8.8.8', '64:ff9b:1::1', '2002:7f00:1::1', '2002:c0a8:101::', 'fec0::1', 'feff::1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('counts the DNS lookup inside webhooks.timeoutMs: a resolver that never answers fails the attempt in time', async () => {
    const started = performance.now();
    const never = () => new Promise<Array<{ address: string; family: number }>>(() => undefined);
    await expect(attemptDelivery('https://hooks.example.org/x', '{}', {}, { timeoutMs: 300, allowPrivateAddresses: false, resolve: never })).rejects.toThrow('no answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('refuses by address class, at once, with no retry; a removed endpoint gets its own error', async () => {
    const resolve = async () => [{ address: '10.0.0.8', family: 4 }];
    const refused = await attemptDelivery('https://inside.example/x', '{}', {}, { timeoutMs: 1000, allowPrivateAddresses: false, resolve }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedAddressError);
    expect(refused).toBeInstanceOf(GiveUpError);

    const config = loadConfig({}, { webhooks: { endpoints: [{ url: 'https://example.org/hook', events: ['song.changed'], secret: SECRET }] } });
    const deliver = webhookDeliverer(config, () => 0);
    const job = { key: 'k', id: 'msg_1', type: 'song.changed' as const, endpoint: 0, url: 'https://example.org/old-hook', body: '{}', created_at: 0 };
    const removed = await deliver(job, new AbortController().signal).catch((e: unknown) => e);
    expect(removed).toBeInstanceOf(EndpointRemovedError);
    expect(removed).not.toBeInstanceOf(RefusedAddressError);
    expect((removed as Error).message).toBe('https://example.org/old-hook is no longer endpoint 0 of webhooks.endpoints');
    const policy = { attempts: 10, firstRetryMs: 1000 };
    expect(isFinalFailure(policy, 1, removed)).toBe(true);
    expect(isFinalFailure(policy, 1, new Error('socket hang up'))).toBe(false);
    expect(isFinalFailure(policy, 10, new Error('socket hang up'))).toBe(true);
  });

  it('refuses webhooks.timeoutMs at or above server.shutdownGraceMs, naming both', () => {
    const endpoints = [{ url: 'https://example.org/hook', events: ['song.changed'], secret: SECRET }];
    expect(() => loadConfig({}, { server: { shutdownGraceMs: 5000 }, webhooks: { timeoutMs: 5000, endpoints } })).toThrow(ConfigError);
    expect(() => loadConfig({}, { server: { shutdownGraceMs: 5000 }, webhooks: { timeoutMs: 5000, endpoints } })).toThrow(
      'config: webhooks.timeoutMs: 5000 must be below server.shutdownGraceMs (5000), so an attempt in flight never outlasts a shutdown',
    );
    expect(() => loadConfig({}, { server: { shutdownGraceMs: 5000 }, webhooks: { timeoutMs: 4999, endpoints } })).not.toThrow();
  });
});

describe('the in-memory queue under load', () => {
  let receiver: WebhookReceiver;
  let server: TestServer;
  const captured = capturedLog();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.answer(() => undefined); // holds every request: each attempt keeps its socket
    server = await startTestServer(
      {
        adminApiKey: ADMIN_KEY,
        requests: { delaySeconds: 0, thresholdSeconds: 0 },
        webhooks: { allowPrivateAddresses: true, timeoutMs: 5000, endpoints: [{ url: `${receiver.url}/held`, events: ['request.queued'], secret: SECRET }] },
      },
      { log: captured.log },
    );
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('opens at most webhooks.concurrency sockets per endpoint, and says on shutdown what it dropped', async () => {
    for (let i = 0; i < 200; i++) expect((await call(`${server.url}/api/mobile/requests`, { body: { artist: 'Load', song_title: `Song ${i}` } })).status).toBe(201);
    await eventually(async () => expect(receiver.received.length).toBeGreaterThanOrEqual(4));
    say(`200 deliveries to a receiver that holds them: at most ${receiver.connections.max} sockets open at once`);
    expect(receiver.connections.max).toBe(4);
    await server.close();
    const dropped = captured.matching('webhook deliveries dropped at shutdown');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ inFlight: 4, waiting: 196, retrying: 0 });
  });
});
