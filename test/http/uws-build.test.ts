import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glibcVersion, uwsBuild } from '../../src/http/uws.js';
import { startService } from '../support/service-process.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The build this runtime must load: the current one needs glibc >= 2.38 (Debian 13), else the 2023 fallback. */
function expectedBuild(): string {
  const [major = 0, minor = 0] = glibcVersion().split('.').map(Number);
  const byRuntime = major > 2 || (major === 2 && minor >= 38) ? 'current' : 'fallback';
  // .ci/run says which one each of its two runs must see, so a wrong guess here cannot hide a wrong build.
  return process.env.EXPECT_UWS_BUILD ?? byRuntime;
}

process.stdout.write(`[radio-hub tests] uWS ${uwsBuild.name} build v${uwsBuild.version} on Node ${process.version}, glibc ${glibcVersion()}: ${uwsBuild.reason}\n`);

describe(`the uWebSockets.js build (Node ${process.version}, glibc ${glibcVersion()})`, () => {
  it(`is the ${expectedBuild()} one`, () => {
    expect(uwsBuild.name).toBe(expectedBuild());
    expect(uwsBuild.version).toBe(uwsBuild.name === 'current' ? '20.57.0' : '20.30.0');
  });

  it('is named at start-up with the Node version and the reason, next to what a restart loses', async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1' });
    await service.listening;
    expect(service.lines.find((l) => l.msg === 'uWebSockets.js build')).toMatchObject({
      build: uwsBuild.name,
      uws: uwsBuild.version,
      node: process.version,
      reason: uwsBuild.reason,
    });
    const restart = service.lines.filter((l) => String(l.msg).includes('lost when this process stops'));
    expect(restart).toHaveLength(1);
    expect(restart[0]!.msg).toContain('revenue events');
    expect(await service.stop()).toBe(0);
  });
});

/** Sends raw bytes and resolves with the status line of the first answer, or '' when the connection closes without one. */
function statusLineOf(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(text.slice(0, end));
      }
    });
    socket.on('close', () => resolve(''));
    socket.on('error', reject);
  });
}

const manyHeaders = Array.from({ length: 49 }, (_, i) => `X-H${i}: ${i}\r\n`).join('');

/** Requests the 2023 build leaves unanswered (issue 12); the current build answers each. */
const edgeCases: Array<{ name: string; request: string; current: RegExp }> = [
  { name: 'GET / HTTP/1.0', request: 'GET /healthz HTTP/1.0\r\n\r\n', current: /^HTTP\/1\.1 505 / },
  { name: '49 headers', request: `GET /healthz HTTP/1.1\r\nHost: x\r\n${manyHeaders}\r\n`, current: /^HTTP\/1\.1 200 / },
  {
    name: 'Content-Length with Transfer-Encoding',
    request: 'POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    current: /^HTTP\/1\.1 400 /,
  },
  {
    name: 'a chunk extension',
    request: 'POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;ext=1\r\n{}\r\n0\r\n\r\n',
    current: /^HTTP\/1\.1 400 /,
  },
  { name: 'no Host header', request: 'GET /healthz HTTP/1.1\r\n\r\n', current: /^HTTP\/1\.1 400 / },
];

describe(`malformed HTTP on the ${uwsBuild.name} build`, () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    port = Number(new URL(server.url).port);
  });
  afterAll(() => server.close());

  for (const edge of edgeCases) {
    if (uwsBuild.name === 'current') {
      it(`${edge.name}: gets an HTTP answer`, async () => {
        expect(await statusLineOf(port, edge.request)).toMatch(edge.current);
      });
    } else {
      // The 2023 build does not answer these (the reason for the current build); the least it must do is stay up.
      it(`${edge.name}: leaves the server serving`, async () => {
        const socket = connect(port, '127.0.0.1', () => socket.write(edge.request));
        socket.on('error', () => undefined);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        socket.destroy();
      });
    }
  }
});
