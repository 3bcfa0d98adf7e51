import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/messages/en.js';
import es from '../../src/messages/es.js';
import { catalogFor, SERVER_LANGUAGES } from '../../src/messages/languages.js';
import { connectLive } from '../support/live-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The server's words in the listener's language (issue 19, points 4 and 5): one catalog per
// language, the same keys in each; the language chosen by Accept-Language among those we speak,
// else the station's; refusals told apart by `error.reason`, never by reading the English.

/** Every key path of a catalog, with what kind of value sits there. */
function shapeOf(value: unknown, path = ''): string[] {
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, inner]) => shapeOf(inner, path ? `${path}.${key}` : key));
  return [`${path}: ${typeof value}`];
}

/** Every sentence of a catalog, its functions called with sample values. */
function sentencesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (arg: never) => unknown)(3 as never)), String((value as (arg: never) => unknown)('5 minutes' as never))];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(sentencesOf);
  return [];
}

describe('the server catalogs', () => {
  it('have every key in every language, each with words in it', () => {
    for (const [language, catalog] of Object.entries(SERVER_LANGUAGES)) {
      expect(shapeOf(catalog), language).toEqual(shapeOf(en));
      for (const sentence of sentencesOf(catalog)) expect(sentence.trim(), language).not.toBe('');
    }
    expect(Object.keys(SERVER_LANGUAGES).sort()).toEqual(['en', 'es']);
  });

  it('translate every rule message the OpenAPI document carries', async () => {
    const server = await startTestServer();
    try {
      const document = JSON.stringify((await call(`${server.url}/api/openapi.json`)).body);
      const messages = new Set([...document.matchAll(/"x-pattern-message":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]!}"`) as string));
      expect(messages.size).toBeGreaterThan(3);
      // A message Spanish leaves as it is has no translation.
      expect([...messages].filter((message) => es.validation.pattern(message) === message)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR, en;q=0.5', 'en'],
    ['en;q=0.2, es;q=0.7', 'es'],
    ['fr', 'station'],
    ['*', 'station'],
    ['', 'station'],
    ['__proto__, es;q=0.1', 'es'],
    [`${'x-y;q=0.5,'.repeat(100)}es`, 'station'],
  ])('Accept-Language %j speaks %s', (header, expected) => {
    const station = en;
    const chosen = catalogFor(header, station);
    expect(expected === 'station' ? chosen === station : chosen.language === expected).toBe(true);
  });
});

describe('a Spanish station, through the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ station: { language: 'es' }, chat: { links: 'block' } });
  });
  afterAll(() => server.close());

  const postChat = (body: unknown, headers: Record<string, string> = {}) => call(`${server.url}/api/mobile/chat`, { body, headers });

  it('refuses a link in Spanish by default, in English when asked, with one reason either way', async () => {
    const spanish = await postChat({ nickname: 'Maria', message: 'mira www.promo.xyz' });
    expect(spanish.status).toBe(422);
    expect(spanish.body.error).toEqual({ code: 'CONTENT_REJECTED', reason: 'link', message: 'No se permiten enlaces en este chat.' });
    const english = await postChat({ nickname: 'Maria', message: 'see www.promo.xyz' }, { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(english.body.error).toEqual({ code: 'CONTENT_REJECTED', reason: 'link', message: 'Links are not allowed in this chat.' });
    // A language we do not speak: the station's.
    const french = await postChat({ nickname: 'Maria', message: 'voir www.promo.xyz' }, { 'Accept-Language': 'fr' });
    expect(french.body.error.message).toBe('No se permiten enlaces en este chat.');
  });

  it('names an anonymous requester in the requester’s language', async () => {
    const spanish = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Cuán grande es Él', artist: 'Coro' } });
    expect(spanish.status).toBe(201);
    expect(spanish.body.data.requester_name).toBe('Anónimo');
    // A second request from the same client within the delay: told apart by its reason, in Spanish.
    const tooSoon = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Sublime gracia', artist: 'Coro' } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toEqual({
      code: 'RATE_LIMITED',
      reason: 'request_delay',
      message: 'Se acaba de pedir una canción desde tu red (tú u otra persona en tu dirección); podrás pedir otra en 5 minutos.',
    });
  });

  it('keeps no translated word: a request with no name reads in each reader’s language, and is broadcast in the station’s', async () => {
    const fresh = await startTestServer({ station: { language: 'es' } });
    const listener = await connectLive(fresh.url, { headers: { 'Accept-Language': 'en' } });
    try {
      // Asked in English on a Spanish station: the answer is the asker's, the broadcast the station's.
      const sent = await call(`${fresh.url}/api/mobile/requests`, { body: { song_title: 'Sublime gracia', artist: 'Coro' }, headers: { 'Accept-Language': 'en' } });
      expect(sent.body.data.requester_name).toBe('Anonymous');
      expect((await listener.next('request:new', (request) => request.id === sent.body.data.id)).requester_name).toBe('Anónimo');
      const spanish = await call(`${fresh.url}/api/mobile/requests`);
      const english = await call(`${fresh.url}/api/mobile/requests`, { headers: { 'Accept-Language': 'en' } });
      expect(spanish.body.data.requests.map((r: { requester_name: string }) => r.requester_name)).toEqual(['Anónimo']);
      expect(english.body.data.requests.map((r: { requester_name: string }) => r.requester_name)).toEqual(['Anonymous']);
      // The store itself holds the absence, in no language.
      const stored = await fresh.app.store.requests.list('all', 10);
      expect(stored.map((r) => r.requester_name)).toEqual([null]);
    } finally {
      listener.close();
      await fresh.close();
    }
  });

  it('writes validation in plain words, with the allowed values, in the listener’s language', async () => {
    const body = { song_title: '', artist: 'Coro', priority: 'urgent' };
    const spanish = await call(`${server.url}/api/mobile/requests`, { body });
    expect(spanish.status).toBe(400);
    expect(spanish.body.error.message).toBe('La solicitud no cumple una o más reglas.');
    expect(spanish.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'priority', message: 'debe ser uno de: low, normal, high' },
        { field: 'song_title', message: 'debe tener al menos 1 carácter' },
      ]),
    );
    const english = await call(`${server.url}/api/mobile/requests`, { body, headers: { 'Accept-Language': 'en' } });
    expect(english.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'priority', message: 'must be one of: low, normal, high' },
        { field: 'song_title', message: 'must be at least 1 character long' },
      ]),
    );
    // Never the validator's internals.
    for (const detail of [...spanish.body.error.details, ...english.body.error.details]) expect(detail.message).not.toMatch(/constant|anyOf|schema|NOT have/);
    expect((await call(`${server.url}/api/mobile/nowhere`)).body.error.message).toBe('No existe ese punto de acceso.');
  });

  it('says the body limit in the listener’s language, whether the length is declared or counted', async () => {
    const big = JSON.stringify({ nickname: 'Maria', message: 'x'.repeat(20_000) });
    const declared = await call(`${server.url}/api/mobile/chat`, { body: big });
    expect(declared.status).toBe(413);
    expect(declared.body.error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'El cuerpo puede tener como máximo 16384 bytes.' });
    const english = await call(`${server.url}/api/mobile/chat`, { body: big, headers: { 'Accept-Language': 'en' } });
    expect(english.body.error.message).toBe('The body may be at most 16384 bytes.');
    // Chunked, with no length to refuse it by: counted while read, the same words.
    const chunked = await fetch(`${server.url}/api/mobile/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(((await chunked.json()) as { error: { message: string } }).error.message).toBe('El cuerpo puede tener como máximo 16384 bytes.');
  });

  it('answers socket acks in the handshake’s language', async () => {
    const spanish = await connectLive(server.url);
    const english = await connectLive(server.url, { headers: { 'Accept-Language': 'en' } });
    try {
      const refused = await spanish.request('chat:send', { nickname: 'Maria', message: 'mira www.promo.xyz ahora' });
      expect(refused.error).toEqual({ code: 'CONTENT_REJECTED', reason: 'link', message: 'No se permiten enlaces en este chat.' });
      const refusedEn = await english.request('chat:send', { nickname: 'Maria', message: 'see www.promo.xyz now' });
      expect(refusedEn.error).toEqual({ code: 'CONTENT_REJECTED', reason: 'link', message: 'Links are not allowed in this chat.' });
    } finally {
      spanish.close();
      english.close();
    }
  });

  it('refuses a live connection over the cap in the handshake’s language', async () => {
    // Its own server: places are freed only once the server sees a close, so other tests' clients would blur the count.
    const capped = await startTestServer({ station: { language: 'es' }, live: { maxConnectionsPerClient: 1 } });
    const held = await connectLive(capped.url);
    try {
      const handshake = (headers: Record<string, string> = {}) => fetch(`${capped.url}/socket.io/?EIO=4&transport=polling`, { headers });
      const spanish = await handshake();
      expect(spanish.status).toBe(429);
      expect(((await spanish.json()) as { error: unknown }).error).toEqual({
        code: 'RATE_LIMITED',
        reason: 'live_connections',
        message: expect.stringMatching(/^Hay demasiadas conexiones en vivo desde este dispositivo; inténtalo de nuevo en \d+ (segundos|minutos)\.$/),
      });
      const english = await handshake({ 'Accept-Language': 'en-US' });
      expect(((await english.json()) as { error: { message: string } }).error.message).toMatch(/^Too many live connections from this client; try again in \d+ (seconds|minutes)\.$/);
    } finally {
      held.close();
      await capped.close();
    }
  });
});
