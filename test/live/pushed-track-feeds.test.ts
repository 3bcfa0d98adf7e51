import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSse, type SseClient } from '../support/sse-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Issue 29: what a push adds (album, artwork, duration, what plays next) reaches the SSE feed's
// `nowplaying` frame and the `song.changed` webhook, not only the REST answer.

const PLAYOUT_KEY = 'playout-automation-key-with-enough-entropy-09';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;

describe('a pushed track on the SSE feed and the song.changed webhook', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  let sse: SseClient | null = null;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startTestServer({
      staff: [{ name: 'Playout', role: 'automation', keyHash: hash(PLAYOUT_KEY) }],
      webhooks: { allowPrivateAddresses: true, endpoints: [{ url: `${receiver.url}/hook`, events: ['song.changed'], secret: SECRET }] },
    });
  });
  afterAll(async () => {
    sse?.close();
    await server?.close();
    await receiver?.close();
  });

  it('carries album, art, duration and playing_next in both', async () => {
    sse = connectSse(`${server.url}/api/live/events`);
    await sse.next('nowplaying');
    const body = {
      artist: 'Lauren Daigle',
      title: 'Rescue',
      album: 'Look Up Child',
      duration: 200,
      artwork_url: 'https://art.example/rescue.jpg',
      next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300, artwork_url: 'https://art.example/goodness.jpg' }],
    };
    const pushed = await call(`${server.url}/api/admin/nowplaying`, { headers: { authorization: `Bearer ${PLAYOUT_KEY}` }, body });
    expect(pushed.status).toBe(200);
    const expected = {
      now_playing: { song: { artist: 'Lauren Daigle', title: 'Rescue', album: 'Look Up Child', art: 'https://art.example/rescue.jpg' }, duration: 200 },
      playing_next: { song: { artist: 'CeCe Winans', title: 'Goodness of God', art: 'https://art.example/goodness.jpg' }, duration: 300 },
    };
    const frame = await sse.next('nowplaying', (payload) => payload.now_playing?.song.title === 'Rescue');
    expect(frame.payload).toMatchObject(expected);
    const hook = await receiver.next((h) => h.path === '/hook' && (JSON.parse(h.body) as { type: string }).type === 'song.changed');
    expect((JSON.parse(hook.body) as { data: unknown }).data).toMatchObject(expected);
  });
});
