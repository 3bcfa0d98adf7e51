import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBackends } from '../support/backends.js';
import { eventually } from '../support/eventually.js';
import { connectSse } from '../support/sse-client.js';
import { sseStreams, startWithMetrics, type MetricsTestServer } from '../support/metrics-server.js';
import { call } from '../support/test-server.js';

const MAX_BACKLOG = 16 * 1024;
const OPENS = 4;

/** The bytes a stream starts with (its head included), read until `done`; the connection is then dropped. */
async function firstBytes(url: string, headers: Record<string, string>, done: (text: string) => boolean): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, { headers });
  let text = '';
  if (response.status === 200) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    while (!done(text)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
  } else {
    text = await response.text();
  }
  return { status: response.status, headers: response.headers, text };
}

describe.each(serverBackends('sse-bounds'))('SSE resume and opens, bounded: $name', ({ available, overrides, cleanup }) => {
  let server: MetricsTestServer;
  const url = (query = '') => `${server.url}/api/live/events${query}`;
  /** Each suite's clients come from their own address (X-Forwarded-For through a trusted proxy), so budgets stay apart. */
  let clients = 0;
  const newClient = () => ({ 'X-Forwarded-For': `198.51.100.${++clients}` });

  beforeAll(async () => {
    if (!available) return;
    server = await startWithMetrics({
      ...overrides(),
      trustProxy: ['127.0.0.1'],
      chat: { repeatWindowSeconds: 0 },
      live: { maxConnectionsPerClient: 3, sse: { historySize: 500, maxBacklogBytes: MAX_BACKLOG } },
      rateLimit: { sseOpens: { limit: OPENS, windowSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await cleanup();
  });

  /** Posts chat messages of ~520 bytes (as SSE frames); resolves with the live event id of each (as a reading SSE client saw it). */
  async function postChat(count: number): Promise<string[]> {
    const watcher = connectSse(url('?events=chat:message'), { headers: newClient() });
    try {
      await watcher.opened(1);
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: `${i} ${'Hallelujah '.repeat(40)}` } });
        ids.push((await watcher.next('chat:message', (m) => m.id === posted.body.data.id)).id);
      }
      return ids;
    } finally {
      watcher.close();
    }
  }

  it.skipIf(!available)('sends a client further behind than the backlog bound the snapshot (one small frame), and a client within it exactly what it missed', async () => {
    const ids = await postChat(60); // ~31 KB of chat: more than the 16 KiB bound
    const far = await firstBytes(url('?events=nowplaying,chat:message'), { 'Last-Event-ID': ids[0]!, ...newClient() }, (t) => t.includes('\n\n', t.indexOf('event:')));
    expect(far.status).toBe(200);
    expect(far.text).toMatch(/^retry: \d+\n\nid: \S+\nevent: nowplaying\ndata: /);
    expect(far.text).not.toContain('event: chat:message');
    // The snapshot carries the newest id: resuming from it misses nothing.
    expect(far.text).toContain(`id: ${ids.at(-1)}\n`);
    // A chat-only client as far behind gets the newest id alone: no event it did not ask for.
    const farChatOnly = await firstBytes(url('?events=chat:message'), { 'Last-Event-ID': ids[0]!, ...newClient() }, (t) => t.includes(`id: ${ids.at(-1)}\n\n`));
    expect(farChatOnly.text).toMatch(new RegExp(`^retry: \\d+\\n\\nid: ${ids.at(-1)}\\n\\n$`));

    const near = await firstBytes(url('?events=chat:message'), { 'Last-Event-ID': ids.at(-11)!, ...newClient() }, (t) => t.includes(`id: ${ids.at(-1)}\n`) && t.endsWith('\n\n'));
    expect([...near.text.matchAll(/id: (\S+)\nevent: chat:message/g)].map((m) => m[1])).toEqual(ids.slice(-10));
  });

  it.skipIf(!available)('makes SSE opens spend a per-client budget: over it, 429 with Retry-After from the window; other clients unaffected', async () => {
    const me = newClient();
    for (let i = 0; i < OPENS; i++) {
      const opened = await firstBytes(url(), me, (t) => t.includes('event: nowplaying'));
      expect(opened.status).toBe(200);
    }
    const refused = await call(url(), { headers: me });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await firstBytes(url(), newClient(), (t) => t.includes('event: nowplaying'))).status).toBe(200);
  });

  it.skipIf(!available)('refuses a stream over the connection cap as Socket.IO refuses a handshake: 429, Retry-After of the window', async () => {
    const me = newClient();
    const held = [0, 1, 2].map(() => connectSse(url(), { headers: me }));
    try {
      await Promise.all(held.map((c) => c.next('nowplaying')));
      const refused = await call(url(), { headers: me });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.error).toEqual({ code: 'RATE_LIMITED', reason: 'live_connections', message: expect.stringMatching(/^Too many live connections from this client/) });
    } finally {
      for (const c of held) c.close();
    }
    await eventually(async () => expect(await sseStreams(server)).toBe(0));
  });
});
