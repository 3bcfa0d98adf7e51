import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { installedUwsBuild } from '../support/uws-build.js';
import { connectLive } from '../support/live-client.js';
import { converse, headerValues, rawRequest, rawSuiteServer } from '../support/raw-http.js';

// Issue 17 item 8 / point 3 of the edge work: every answer our code writes says `Connection: close`
// to a client that asked, Socket.IO's (engine.io writes them itself through uWS) and the SSE
// feed's refusals included. A keep-alive client that does not hear it reuses the socket uWS is
// closing: Node's http client (node-fetch uses it) fails with "socket hang up".

const build = installedUwsBuild();

const suite = rawSuiteServer();

/** `count` GETs through one keep-alive socket pool, each asking to close: the statuses (0: the request failed). */
async function keepAliveClientAskingToClose(path: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const statuses: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      statuses.push(
        await new Promise<number>((resolve) => {
          const req = request({ host: '127.0.0.1', port: suite.port, path, agent, headers: { connection: 'close' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', () => resolve(0));
          req.end();
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return statuses;
}

const answers = [
  { name: 'a Socket.IO long-polling handshake', path: '/socket.io/?EIO=4&transport=polling', status: 200 },
  { name: 'a refused Socket.IO handshake', path: '/socket.io/?EIO=9&transport=polling', status: 400 },
  { name: 'an SSE refusal (unknown event)', path: '/api/live/events?events=bogus', status: 400 },
  { name: 'one of our REST answers', path: '/api/mobile/playlists', status: 200 },
];

describe(`Connection: close on uWS ${build.name}@${build.version}`, () => {
  for (const answer of answers) {
    it(`${answer.name}: said once, and the connection closes`, async () => {
      const talk = await converse(suite.port, rawRequest('GET', answer.path, { Connection: 'close' }), { methods: ['GET'], awaitClose: true });
      expect(talk.answers.map((a) => a.status)).toEqual([answer.status]);
      expect(headerValues(talk.answers[0]!, 'Connection')).toEqual(['close']);
      expect(talk.closed).toBe(true);
    });

    it(`${answer.name}: a keep-alive client asking to close gets every answer (8 of 8)`, async () => {
      expect(await keepAliveClientAskingToClose(answer.path, 8)).toEqual(Array.from({ length: 8 }, () => answer.status));
    });
  }

  it('asked in a list ("keep-alive, close"): said once, on REST, SSE and Socket.IO answers alike, and the connection closes', async () => {
    for (const path of ['/api/mobile/playlists', '/api/live/events?events=bogus', '/socket.io/?EIO=4&transport=polling']) {
      const talk = await converse(suite.port, rawRequest('GET', path, { Connection: 'keep-alive, close' }), { methods: ['GET'], awaitClose: true });
      expect(headerValues(talk.answers[0]!, 'Connection'), path).toEqual(['close']);
      expect(talk.closed, path).toBe(true);
    }
  });

  it('keep-alive requests are not told to close, and Socket.IO still connects over both transports', async () => {
    const talk = await converse(suite.port, rawRequest('GET', '/socket.io/?EIO=4&transport=polling'), { methods: ['GET'] });
    expect(headerValues(talk.answers[0]!, 'Connection')).toEqual([]);
    for (const transports of [['polling'], ['websocket']] as const) {
      const client = await connectLive(suite.server.url, { transports: [...transports] });
      try {
        const ack = await client.request('chat:send', { nickname: 'Lydia', message: `over ${transports[0]}` });
        expect(ack.success).toBe(true);
      } finally {
        client.close();
      }
    }
  });
});
