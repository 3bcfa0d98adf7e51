import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// A client behind a trusted proxy whose request carries X-Forwarded-For twice is one client, the
// same on REST and on /live: both join every line of the header in order and read the list from
// the right, so its chat budget is counted against one key whichever door it posts through, and a
// line the client wrote before the proxy's own (a proxy that adds a line instead of appending to
// the client's) cannot buy a new identity (docs/decisions.md, "One identity for REST and live").
// engine.io's own header copy kept the last line; uWS's getHeader gives the first.

const CHAT_LIMIT = 2;
const FIRST = '203.0.113.7';
const SECOND = '198.51.100.9';
const THIRD = '198.51.100.77';

let server: TestServer;
const clients: LiveClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: ['127.0.0.1'],
    rateLimit: { mobile: { limit: 1_000_000, windowSeconds: 3600 }, chat: { limit: CHAT_LIMIT, windowSeconds: 3600 } },
  });
});
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});
afterAll(() => server.close());

let counter = 0;
const chat = () => ({ nickname: 'Ruth', message: `amen ${++counter}` });

/** A REST chat post whose X-Forwarded-For is sent as one header line per value (fetch would join them). */
function restPost(forwardedFor: string[]): Promise<number> {
  const body = JSON.stringify(chat());
  return new Promise((resolve, reject) => {
    const post = request(`${server.url}/api/mobile/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode!));
    });
    post.on('error', reject);
    post.end(body);
  });
}

/** A /live WebSocket client whose handshake sends X-Forwarded-For once per value. */
async function liveClient(forwardedFor: string[]): Promise<LiveClient> {
  // socket.io-client hands extraHeaders to `ws`, which sends an array as repeated header lines.
  const client = await connectLive(server.url, { headers: { 'x-forwarded-for': forwardedFor } as unknown as Record<string, string> });
  clients.push(client);
  return client;
}

describe('a repeated X-Forwarded-For behind a trusted proxy', () => {
  it('is the same client on REST and on a live connect: every line, read from the right, one chat budget', async () => {
    const repeated = [FIRST, SECOND];
    expect(await restPost(repeated)).toBe(201);
    const client = await liveClient(repeated);
    expect((await client.request('chat:send', chat())).success).toBe(true);
    // The budget is spent, on both doors, for the address the proxy saw (the last line) and only for it.
    const refused = await client.request('chat:send', chat());
    expect(refused).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(await restPost(repeated)).toBe(429);
    expect(await restPost([SECOND])).toBe(429);
    expect(await restPost([FIRST])).toBe(201);
    const first = await liveClient([FIRST]);
    expect((await first.request('chat:send', chat())).success).toBe(true);
  });

  it('gives a client who writes its own first line a new identity on neither door', async () => {
    // The proxy adds its line (THIRD, the address it saw) after whatever the client sent.
    const spoofed = (n: number) => [`192.0.2.${n}`, THIRD];
    for (let n = 0; n < CHAT_LIMIT; n++) expect(await restPost(spoofed(n))).toBe(201);
    expect(await restPost(spoofed(50))).toBe(429);
    const client = await liveClient(spoofed(51));
    expect(await client.request('chat:send', chat())).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });
});
