import { readFileSync } from 'node:fs';
import { songId } from '../../src/station/song.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArtworkResolver, type ArtworkResolverSettings } from '../../src/artwork/artwork-resolver.js';
import { createMemoryStore } from '../../src/store/memory/memory-store.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// The artwork resolver against local stand-ins of MusicBrainz and the Cover Art Archive (real
// HTTP servers on loopback): the CAA's 307 to archive.org, then archive.org's own redirect to
// the file, as the real services answer. The stand-ins run on loopback, so the SSRF rule is
// opened for them only (a function naming 127.0.0.1), the way the webhook suites open it.

const SEARCH = readFileSync(new URL('../fixtures/artwork/musicbrainz-recording-search.json', import.meta.url), 'utf8');
const GROUP = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const RELEASE = '8c9a3d4e-1f2b-4c5d-9e6f-7a8b9c0d1e2f';
// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const OCEANS = { artist: 'Hillsong UNITED', title: 'Oceans (Where Feet May Fail)', album: 'Zion' };
const CONTACT = 'ops@grace.example';

let musicBrainz: ReplayServer;
let coverArt: ReplayServer;
let archive: ReplayServer;
beforeAll(async () => {
  [musicBrainz, coverArt, archive] = await Promise.all([startReplayServer(), startReplayServer(), startReplayServer()]);
});
afterAll(() => Promise.all([musicBrainz.close(), coverArt.close(), archive.close()]));

const json = (body: string) => (_: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
};
const redirect = (status: number, to: (req: IncomingMessage) => string) => (req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { location: to(req) });
  res.end();
};
const image =
  (bytes: Buffer, type = 'image/png') =>
  (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
    res.end(bytes);
  };
/** The real chain: coverartarchive.org 307 → archive.org/download/… 302 → the file on a data node. */
const caaChain = (final: (req: IncomingMessage, res: ServerResponse) => void = image(PNG)) => {
  coverArt.respond(redirect(307, (req) => `${archive.url}/download/mbid-${RELEASE}/index.json${req.url}`));
  archive.respond((req, res) => (req.url!.startsWith('/download/') ? redirect(302, () => `${archive.url}/items/mbid-${RELEASE}/front-250.png`)(req, res) : final(req, res)));
};
const clearRequests = () => [musicBrainz, coverArt, archive].forEach((s) => s.requests.splice(0));

const onlyLoopback1 = (address: string) => address === '127.0.0.1';
const settings = (extra: Partial<ArtworkResolverSettings> = {}): ArtworkResolverSettings => ({
  musicBrainzUrl: musicBrainz.url,
  coverArtUrl: coverArt.url,
  userAgent: `radio-hub/0.1.0 ( ${CONTACT} )`,
  allowPrivateAddresses: onlyLoopback1,
  timeoutMs: 2000,
  maxImageBytes: 64 * 1024,
  foundSeconds: 3600,
  missSeconds: 600,
  searchIntervalMs: 1000,
  ...extra,
});
const resolverWith = (extra: Partial<ArtworkResolverSettings> = {}) => {
  const store = createMemoryStore({ chatHistory: 10, requestHistory: 10, feedbackHistory: 10, maxTrackedClients: 1000, liveEventHistory: 500, artworkLookups: 10_000, artworkImages: 500 });
  return { store, resolver: new ArtworkResolver(store.artwork, settings(extra), pino({ level: 'silent' })) };
};

beforeEach(() => {
  clearRequests();
  musicBrainz.respond(json(SEARCH));
  caaChain();
});

describe('finding a song’s artwork', () => {
  it('searches MusicBrainz with its User-Agent, follows the Cover Art Archive’s redirects, keeps the image and answers a path on the hub', async () => {
    const { store, resolver } = resolverWith();
    const art = await resolver.find(OCEANS);
    expect(art).toMatch(/^\/art\/[0-9a-f]{32}$/);
    const image = await store.artwork.image(art!.slice('/art/'.length));
    expect(image).toEqual({ contentType: 'image/png', bytes: PNG });
    expect(musicBrainz.requests).toHaveLength(1);
    const search = new URL(musicBrainz.requests[0]!.path, musicBrainz.url);
    expect(search.pathname).toBe('/ws/2/recording');
    expect(search.searchParams.get('query')).toBe('recording:"Oceans (Where Feet May Fail)" AND artist:"Hillsong UNITED" AND release:"Zion"');
    expect(search.searchParams.get('fmt')).toBe('json');
    expect(musicBrainz.requests[0]!.userAgent).toBe(`radio-hub/0.1.0 ( ${CONTACT} )`);
    // The release group's cover first (the best match's), through both redirects.
    expect(coverArt.requests.map((r) => r.path)).toEqual([`/release-group/${GROUP}/front-250`]);
    expect(archive.requests.map((r) => r.path)).toEqual([`/download/mbid-${RELEASE}/index.json/release-group/${GROUP}/front-250`, `/items/mbid-${RELEASE}/front-250.png`]);
    expect(coverArt.requests[0]!.userAgent).toBe(`radio-hub/0.1.0 ( ${CONTACT} )`);
  });

  it('asks nothing again for a song it found, or one that has no artwork', async () => {
    const { resolver } = resolverWith();
    const first = await resolver.find(OCEANS);
    expect(await resolver.find({ ...OCEANS, artist: 'HILLSONG united ' })).toBe(first);
    expect(musicBrainz.requests).toHaveLength(1);

    musicBrainz.respond(json('{"created":"2026-11-27T16:00:00.000Z","count":0,"offset":0,"recordings":[]}'));
    const unknown = { artist: 'Nobody', title: 'Nothing', album: null };
    expect(await resolver.find(unknown)).toBeNull();
    expect(await resolver.find(unknown)).toBeNull();
    expect(musicBrainz.requests).toHaveLength(2);
  });

  it('tries the next cover when the release group has none (404), and misses when none has one', async () => {
    const { resolver } = resolverWith();
    coverArt.respond((req, res) => (req.url!.startsWith('/release-group/') ? (res.writeHead(404), res.end()) : redirect(307, () => `${archive.url}/download/x${req.url}`)(req, res)));
    expect(await resolver.find(OCEANS)).toMatch(/^\/art\//);
    expect(coverArt.requests.map((r) => r.path)).toEqual([`/release-group/${GROUP}/front-250`, `/release/${RELEASE}/front-250`]);

    coverArt.respond((_, res) => (res.writeHead(404), res.end()));
    expect(await resolver.find({ ...OCEANS, title: 'Another Song' })).toBeNull();
  });

  it('keeps no miss for a fault: MusicBrainz down now is asked again later', async () => {
    const { resolver } = resolverWith({ searchIntervalMs: 0 });
    musicBrainz.respond((_, res) => (res.writeHead(503, { 'retry-after': '1' }), res.end()));
    expect(await resolver.find(OCEANS)).toBeNull();
    musicBrainz.respond(json(SEARCH));
    expect(await resolver.find(OCEANS)).toMatch(/^\/art\//);
    expect(musicBrainz.requests).toHaveLength(2);
  });

  it('serves no answer that is not an image: HTML under an image type, SVG, or an image over the byte cap', async () => {
    for (const [final, title] of [
      [image(Buffer.from('<html><body>Not found</body></html>')), 'html'],
      [image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'), 'svg'],
      [image(Buffer.concat([PNG, Buffer.alloc(64 * 1024)])), 'large'],
    ] as const) {
      caaChain(final);
      const { store, resolver } = resolverWith({ searchIntervalMs: 0 });
      expect(await resolver.find({ ...OCEANS, title })).toBeNull();
      // A miss, kept: the song is not looked up again at every poll.
      expect(await store.artwork.lookup(songId(OCEANS.artist, title))).toEqual({ imageKey: null });
    }
  });

  it('gives up after 5 redirects', async () => {
    const { resolver } = resolverWith();
    coverArt.respond(redirect(307, (req) => `${coverArt.url}${req.url}x`));
    expect(await resolver.find(OCEANS)).toBeNull();
    // The first request and 5 followed, not one more.
    expect(coverArt.requests.filter((r) => r.path.startsWith(`/release-group/${GROUP}/front-250`))).toHaveLength(6);
  });

  it('spaces its MusicBrainz searches one second apart, however many songs come at once', async () => {
    const { resolver } = resolverWith();
    await Promise.all(['One', 'Two', 'Three'].map((title) => resolver.find({ artist: 'Band', title, album: null })));
    const times = musicBrainz.requests.map((r) => r.at);
    expect(times).toHaveLength(3);
    // Measured where they arrive: a connection's setup moves an arrival by a few milliseconds either way.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
  });
});

describe('the SSRF rule on every hop', () => {
  let inside: ReplayServer;
  beforeAll(async () => {
    // Another loopback address stands for the private network (Linux routes all of 127/8 here).
    inside = await startReplayServer('127.0.0.2');
    inside.respond(image(PNG));
  });
  afterAll(() => inside.close());

  it('refuses a redirect to a private address the rule does not allow, and fetches nothing there', async () => {
    coverArt.respond(redirect(307, () => `${inside.url}/front-250.png`));
    const { store, resolver } = resolverWith();
    expect(await resolver.find(OCEANS)).toBeNull();
    expect(inside.requests).toHaveLength(0);
    // A fault, not a miss: nothing is kept.
    expect(await store.artwork.lookup(songId(OCEANS.artist, OCEANS.title))).toBeNull();

    // The control: the same chain, with that address allowed, reaches it.
    const opened = resolverWith({ allowPrivateAddresses: true, searchIntervalMs: 0 });
    expect(await opened.resolver.find(OCEANS)).toMatch(/^\/art\//);
    expect(inside.requests).toHaveLength(1);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    coverArt.respond(redirect(307, () => 'file:///etc/passwd'));
    expect(await resolverWith().resolver.find(OCEANS)).toBeNull();
  });

  it('with artwork.allowPrivateAddresses off (the default), a loopback MusicBrainz is not even asked', async () => {
    const { resolver } = resolverWith({ allowPrivateAddresses: false });
    expect(await resolver.find(OCEANS)).toBeNull();
    expect(musicBrainz.requests).toHaveLength(0);
  });
});

describe('GET /art/{key} on the hub', () => {
  let server: TestServer;
  let art: string;
  beforeAll(async () => {
    server = await startTestServer({
      artwork: { contact: CONTACT, musicBrainzUrl: musicBrainz.url, coverArtUrl: coverArt.url, allowPrivateAddresses: true },
      rateLimit: { artwork: { limit: 6, windowSeconds: 3600 } },
    });
    musicBrainz.respond(json(SEARCH));
    caaChain();
    art = (await server.app.artwork.find(OCEANS))!;
  });
  afterAll(() => server.close());

  it('serves the image from the hub’s own origin, immutable, with its ETag, HEAD and 304', async () => {
    expect(art).toMatch(/^\/art\/[0-9a-f]{32}$/);
    const got = await checkedFetch(`${server.url}${art}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    const etag = got.headers.get('etag')!;
    expect(etag).toBe(`"${art.slice('/art/'.length)}"`);

    const head = await fetch(`${server.url}${art}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect(await head.text()).toBe('');

    const again = await checkedFetch(`${server.url}${art}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 in the error envelope for a key it does not keep, or one that is no key', async () => {
    for (const path of ['/art/0123456789abcdef0123456789abcdef', '/art/..%2fetc%2fpasswd', '/art/ZZZ']) {
      const answer = await call(`${server.url}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('spends the client’s own artwork budget: past it, 429 with its reason', async () => {
    // Six in the window, of which the tests above spent some: the seventh request at the latest is refused.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await call(`${server.url}/art/0123456789abcdef0123456789abcdef`));
    const answer = answers.at(-1)!;
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', reason: 'artwork_budget' } });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('off by default', () => {
  it('finds nothing and asks nobody without artwork.contact', async () => {
    const server = await startTestServer({ artwork: { musicBrainzUrl: musicBrainz.url, coverArtUrl: coverArt.url, allowPrivateAddresses: true } });
    try {
      expect(await server.app.artwork.find(OCEANS)).toBeNull();
      expect(musicBrainz.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
