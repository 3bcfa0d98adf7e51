import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

const dir = mkdtempSync(join(tmpdir(), 'radio-config-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loading configuration', () => {
  it('starts from config/default.json: port 8080, in-memory, 100 per hour, frozen', () => {
    const config = loadConfig({});
    expect(config.server.port).toBe(8080);
    expect(config.redis.url).toBeNull();
    expect(config.rateLimit.mobile).toEqual({ limit: 100, windowSeconds: 3600 });
    expect(config.requests).toMatchObject({ thresholdSeconds: 900, delaySeconds: 300 });
    expect(Object.isFrozen(config.station)).toBe(true);
  });

  it('invents nothing on a fresh start: no shows, events or playlists, no stream or website address', () => {
    const config = loadConfig({});
    expect(config.schedule).toEqual({ shows: [], events: [] });
    expect(config.playlists).toEqual([]);
    expect(config.station.streamUrl).toBeUndefined();
    expect(config.station.websiteUrl).toBeUndefined();
  });

  it('starts the demo station the README names: RADIO_CONFIG=config/demo.json brings a programme and playlists', () => {
    const config = loadConfig({ RADIO_CONFIG: join(import.meta.dirname, '..', '..', 'config', 'demo.json') });
    expect(config.schedule.shows.length).toBeGreaterThan(0);
    expect(config.playlists.length).toBeGreaterThan(0);
  });

  it('refuses a stream address a browser cannot play (not http or https), naming the key', () => {
    const path = file('ftp-stream.json', { station: { streamUrl: 'ftp://radio.example.org/live.mp3' } });
    expect(refusal({ RADIO_CONFIG: path })).toMatch(/station\.streamUrl/);
  });

  it('has no donation page by default, takes an https one, and refuses any other address, naming the key', () => {
    expect(loadConfig({}).station.donateUrl).toBeNull();
    const given = loadConfig({ RADIO_CONFIG: file('donate.json', { station: { donateUrl: 'https://give.example.org/grace' } }) });
    expect(given.station.donateUrl).toBe('https://give.example.org/grace');
    for (const url of ['http://give.example.org/grace', 'javascript:alert(1)', ''])
      expect(refusal({ RADIO_CONFIG: file('donate-bad.json', { station: { donateUrl: url } }) })).toMatch(/station\.donateUrl/);
  });

  it('takes several streams with a label each, and refuses one a browser cannot play or with unknown keys', () => {
    const streams = [
      { label: 'High quality (128 kbps MP3)', url: 'https://stream.example.org/live.mp3', type: 'audio/mpeg' },
      { label: 'Data saver (48 kbps AAC)', url: 'https://stream.example.org/mobile.aac' },
    ];
    expect(loadConfig({ RADIO_CONFIG: file('streams.json', { station: { streams } }) }).station.streams).toEqual(streams);
    for (const bad of [
      { label: 'FTP', url: 'ftp://stream.example.org/live.mp3' },
      { label: '', url: 'https://stream.example.org/live.mp3' },
      { label: 'x', url: 'https://s.example.org/a.mp3', bitrate: 128 },
    ])
      expect(refusal({ RADIO_CONFIG: file('streams-bad.json', { station: { streams: [bad] } }) })).toMatch(/station\.streams/);
  });

  it('deep-merges the RADIO_CONFIG file over the defaults; arrays replace', () => {
    const path = file('override.json', { station: { name: 'Hope 101' }, playlists: [{ id: 'only', name: 'Only One' }] });
    const config = loadConfig({ RADIO_CONFIG: path });
    expect(config.station.name).toBe('Hope 101');
    expect(config.station.timezone).toBe('America/Chicago');
    expect(config.playlists).toEqual([{ id: 'only', name: 'Only One' }]);
  });

  it('lets the environment override the file', () => {
    const path = file('port.json', { server: { port: 9000 }, redis: { prefix: 'file:' } });
    const config = loadConfig({ RADIO_CONFIG: path, PORT: '9100', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'env:', LOG_LEVEL: 'warn', ADMIN_API_KEY: 'k'.repeat(32) });
    expect(config.server.port).toBe(9100);
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'env:', commandTimeoutMs: 500, dataDir: null });
    expect(config.logLevel).toBe('warn');
    expect(config.adminApiKey).toBe('k'.repeat(32));
  });

  it('treats an empty secret or REDIS_URL in the environment as not set', () => {
    expect(loadConfig({ REDIS_URL: '', ADMIN_API_KEY: '' })).toMatchObject({ adminApiKey: null, redis: { url: null } });
  });
});

describe('a bad configuration names the key at fault', () => {
  it.each([
    [{ PORT: 'eighty' }, 'server.port (env PORT)'],
    [{ PORT: '70000' }, 'server.port (env PORT)'],
    [{ LOG_LEVEL: 'loud' }, 'logLevel (env LOG_LEVEL)'],
    [{ REDIS_URL: 'http://localhost' }, 'redis.url (env REDIS_URL)'],
    [{ ADMIN_API_KEY: 'short' }, 'adminApiKey (env ADMIN_API_KEY)'],
  ])('environment %o', (env, key) => {
    expect(refusal(env)).toContain(key);
  });

  it.each([
    [{ station: { timezone: 'Mars/Olympus_Mons' } }, 'station.timezone'],
    [{ station: { nmae: 'typo' } }, 'station.nmae'],
    [{ rateLimit: { mobile: { limit: 0 } } }, 'rateLimit.mobile.limit'],
    [{ trustProxy: ['10.0.0.0/99'] }, 'trustProxy.0'],
    [{ trustProxy: ['not-an-ip'] }, 'trustProxy.0'],
    [{ schedule: { shows: [{ id: 'x', title: 'X', days: ['mon'], start: '25:00', end: '26:00' }] } }, 'schedule.shows.0.start'],
    [{ schedule: { shows: [{ id: 'x', title: 'X', days: ['funday'], start: '10:00', end: '11:00' }] } }, 'schedule.shows.0.days.0'],
    [{ schedule: { events: [{ id: 'e', title: 'E', start: '2026-05-01T10:00:00Z', end: '2026-05-01T09:00:00Z' }] } }, 'schedule.events.0.end'],
    [{ stream: { kind: 'winamp' } }, 'stream.kind'],
  ])('file %j', (content, key) => {
    expect(refusal({ RADIO_CONFIG: file('bad.json', content) })).toContain(key);
  });

  it('says when the file is missing or not JSON', () => {
    expect(refusal({ RADIO_CONFIG: join(dir, 'missing.json') })).toMatch(/RADIO_CONFIG: cannot read/);
    expect(refusal({ RADIO_CONFIG: file('broken.json', '{ "station": ') })).toMatch(/RADIO_CONFIG: .* is not valid JSON/);
  });
});
