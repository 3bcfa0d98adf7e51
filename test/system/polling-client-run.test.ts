import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyStationState } from '../../src/station/model.js';
import { makeSong } from '../../src/station/song.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// A mobile app's ten minutes, as the README tells it to poll (issue 19): every 30 s it asks for
// now playing with If-None-Match and for the chat from where it was, while the chat is busy
// (one message a second from other listeners) and the song does not change. The real limits
// (100 requests an hour per client); the station's clock is the test's, moved a second at a time.
// What it prints is the measurement of the note: messages delivered of those posted, 304s
// of the now-playing polls, the budget left.

const ROUNDS = 20;
const SECONDS_PER_ROUND = 30;
const CHAT_LIMIT = 20;

describe('a polling app over ten minutes of a busy chat and one long song', () => {
  let server: TestServer;
  let now = Date.parse('2026-06-07T10:00:00Z');
  beforeAll(async () => {
    // Listeners post from their own addresses (behind the trusted proxy), so only the app's budget is the app's.
    server = await startTestServer({ trustProxy: ['127.0.0.1'], chat: { repeatWindowSeconds: 0 } }, { clock: () => now, realLimits: true });
    await server.app.store.station.write({
      ...emptyStationState(),
      serverStatus: 'online',
      listeners: 42,
      peakToday: 57,
      // A 45-minute sermon, started a minute ago.
      nowPlaying: { song: makeSong('Pastor John', 'Sunday Sermon'), played_at: now / 1000 - 60 },
      streamStartedAt: now / 1000 - 3600,
      bitrateKbps: 128,
      codec: 'mp3',
    });
  });
  afterAll(() => server.close());

  const app = { 'X-Forwarded-For': '198.51.100.7' };

  it('delivers every message, answers 304 while the song plays, and stays within budget', async () => {
    const posted = new Set<string>();
    const delivered: string[] = [];
    let etag = '';
    let notModified = 0;
    let requests = 0;
    let budgetLeft = Number.NaN;
    let cursor = `since=${now / 1000}`;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      requests += 1;
      const response = await fetch(`${server.url}${path}`, { headers: { ...app, ...headers } });
      budgetLeft = Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
      return response;
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (let s = 0; s < SECONDS_PER_ROUND; s++) {
        now += 1000;
        const response = await fetch(`${server.url}/api/mobile/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Forwarded-For': `203.0.113.${(round * SECONDS_PER_ROUND + s) % 250}` },
          body: JSON.stringify({ nickname: 'listener', message: `round ${round} second ${s}` }),
        });
        expect(response.status).toBe(201);
        posted.add(((await response.json()) as { data: { id: string } }).data.id);
      }
      const playing = await get('/api/mobile/nowplaying', etag ? { 'If-None-Match': etag } : {});
      if (playing.status === 304) notModified += 1;
      else etag = playing.headers.get('etag') ?? '';
      // The chat from where the app was: `after=next` when the server gives a cursor; before it did, since=<last timestamp>.
      for (let page = 0; page < 10; page++) {
        const answer = (await (await get(`/api/mobile/chat?${cursor}&limit=${CHAT_LIMIT}`)).json()) as {
          data: { messages: Array<{ id: string; timestamp: number }>; next?: string | null; has_more?: boolean };
        };
        for (const message of answer.data.messages) if (!delivered.includes(message.id)) delivered.push(message.id);
        const last = answer.data.messages.at(-1);
        if (answer.data.next) cursor = `after=${answer.data.next}`;
        else if (last) cursor = `since=${last.timestamp}`;
        if (!answer.data.has_more) break;
      }
    }
    const deliveredOfPosted = delivered.filter((id) => posted.has(id)).length;
    console.log(
      `polling app, ${ROUNDS} rounds of ${SECONDS_PER_ROUND} s: chat ${deliveredOfPosted}/${posted.size} messages delivered; ` +
        `now playing ${notModified}/${ROUNDS} polls answered 304; ${requests} requests, budget left ${budgetLeft}/100`,
    );
    if (process.env.POLLING_RUN_BASELINE) return;
    expect(deliveredOfPosted).toBe(posted.size);
    expect(notModified).toBe(ROUNDS - 1);
    expect(budgetLeft).toBe(100 - requests);
    expect(budgetLeft).toBeGreaterThan(0);
  }, 120_000);
});
