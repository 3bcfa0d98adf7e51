import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

// station.inBandTitles, as the page and its Content-Security-Policy carry it: the in-band reader
// gets what it needs (data: media, blob: workers, the stream's origin for "cors") and nothing more.

const STREAM = 'https://stream.example.org/live.mp3';
const bootstrapOf = (html: string) => JSON.parse(/<script type="application\/json" id="radio-bootstrap">(.*?)<\/script>/s.exec(html)![1]!) as { station: { inBandTitles?: string } };

/** The CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('station.inBandTitles on the listener page', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  async function page(inBandTitles: 'same-origin' | 'cors' | 'off', streams?: Array<{ label: string; url: string }>) {
    const server = await startTestServer({ station: { streamUrl: STREAM, inBandTitles, ...(streams ? { streams } : {}) } });
    servers.push(server);
    const response = await fetch(`${server.url}/`);
    return { csp: directives(response.headers.get('content-security-policy')!), station: bootstrapOf(await response.text()).station };
  }

  it('same-origin (the default): data: media and blob: workers for the reader, connect-src only the page itself', async () => {
    const { csp, station } = await page('same-origin');
    expect(station.inBandTitles).toBe('same-origin');
    expect(csp.get('media-src')).toEqual(["'self'", 'https://stream.example.org', 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('cors: the stream server joins connect-src, so the page may read it from another origin', async () => {
    const { csp, station } = await page('cors');
    expect(station.inBandTitles).toBe('cors');
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://stream.example.org']);
  });

  it('several streams: the reader may read whichever the listener chooses, so every stream origin is in media-src, and with cors in connect-src', async () => {
    const streams = [
      { label: 'High', url: 'https://stream.example.org/high.mp3' },
      { label: 'Low', url: 'https://relay.example.net/low.mp3' },
    ];
    const cors = await page('cors', streams);
    expect(cors.csp.get('media-src')).toEqual(["'self'", 'https://stream.example.org', 'https://relay.example.net', 'data:', 'blob:']);
    expect(cors.csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://stream.example.org', 'https://relay.example.net']);
    expect(cors.csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    const sameOrigin = await page('same-origin', streams);
    expect(sameOrigin.csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('off: the policy is what it was before the reader (no data: media, no workers, no stream in connect-src)', async () => {
    const { csp, station } = await page('off');
    expect(station.inBandTitles).toBe('off');
    expect(csp.get('media-src')).toEqual(["'self'", 'https://stream.example.org', 'blob:']);
    expect(csp.has('worker-src')).toBe(false);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
  });

  it('refuses a value it does not know at start-up', async () => {
    await expect(startTestServer({ station: { inBandTitles: 'always' } })).rejects.toThrow(/inBandTitles/);
  });
});
