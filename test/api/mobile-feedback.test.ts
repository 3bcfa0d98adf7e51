import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSong } from '../../src/station/song.js';
import { emptyStationState } from '../../src/station/model.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(() => server.close());

const send = (body: unknown) => call(`${server.url}/api/mobile/feedback`, { body });

describe('POST /api/mobile/feedback', () => {
  it.each([1, 5])('accepts rating %s', async (rating) => {
    const res = await send({ type: 'app_feedback', rating, content: 'Lovely app' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      type: 'app_feedback',
      content: 'Lovely app',
      rating,
      song: null,
      created_at: expect.any(Number),
    });
  });

  it.each([0, 6, 3.5, '4', -1])('refuses rating %s', async (rating) => {
    const res = await send({ type: 'song_rating', rating });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'rating' })]);
  });

  it('requires type, and keeps it to lower-case words', async () => {
    for (const body of [{}, { content: 'no type' }, { type: '' }, { type: 'Bug Report' }, { type: 'x'.repeat(33) }, { type: 5 }]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('type');
    }
  });

  it('accepts the three named types and an open-ended one, content and rating optional', async () => {
    for (const type of ['song_rating', 'app_feedback', 'bug_report', 'prayer_request']) {
      const res = await send({ type });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ type, content: null, rating: null });
    }
  });

  it('answers the feedback as stored, its text byte for byte (non-ASCII, emoji, quotes)', async () => {
    const content = 'Gracias 🙏 «radio» "AC/DC" \\ Zoë\nsecond line';
    const response = await checkedFetch(`${server.url}/api/mobile/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'app_feedback', content }),
    });
    expect(response.status).toBe(201);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(text).toBe(JSON.stringify(body));
    expect(body.data.content).toBe(content);
    expect((await server.app.store.feedback.recent(1))[0]).toEqual(body.data);
  });

  it('attaches a song rating to the song on air', async () => {
    const song = makeSong('Lauren Daigle', 'You Say');
    await server.app.store.station.write({ ...emptyStationState(), serverStatus: 'online', nowPlaying: { song, played_at: 1_780_000_000 } });
    const res = await send({ type: 'song_rating', rating: 5 });
    expect(res.body.data.song).toEqual(song);
    const stored = await server.app.store.feedback.recent(1);
    expect(stored[0]).toEqual(res.body.data);
  });
});
