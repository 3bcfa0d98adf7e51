// REST: each endpoint of ours against a bare uWS handler returning the same bytes, in one run,
// interleaved (ours, bare, ours, bare, …) so drift on a shared machine hits both alike.
import { startBare, stop } from './processes.mjs';
import { wrk } from './wrk.mjs';

export const ENDPOINTS = [
  { name: 'GET /api/mobile/status', method: 'GET', path: '/api/mobile/status' },
  { name: 'GET /api/mobile/nowplaying', method: 'GET', path: '/api/mobile/nowplaying' },
  { name: 'GET /api/mobile/chat', method: 'GET', path: '/api/mobile/chat' },
  { name: 'POST /api/mobile/chat', method: 'POST', path: '/api/mobile/chat', body: '{"nickname":"bench","message":"Praise him, message %d"}' },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What our service answers on each endpoint: the bytes the bare handler will send back. */
async function capture(url) {
  const responses = {};
  // 20 messages, so GET chat carries a realistic page.
  for (let i = 0; i < 20; i++) {
    await fetch(`${url}/api/mobile/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'seed', message: `seed message ${i}` }) });
  }
  for (const endpoint of ENDPOINTS) {
    const init = endpoint.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: endpoint.body.replace('%d', '0') } : {};
    const response = await fetch(url + endpoint.path, init);
    const body = Buffer.from(await response.arrayBuffer());
    responses[`${endpoint.method} ${endpoint.path}`] = {
      status: `${response.status} ${response.statusText}`,
      contentType: response.headers.get('content-type'),
      body: body.toString('base64'),
    };
  }
  return responses;
}

export async function benchRest(service, { seconds, rounds, latencySeconds }) {
  const bare = await startBare(await capture(service.url));
  const results = [];
  try {
    for (const endpoint of ENDPOINTS) {
      const ours = [];
      const theirs = [];
      for (let round = 0; round < rounds; round++) {
        ours.push(await wrk(service.url + endpoint.path, { seconds, method: endpoint.method, body: endpoint.body }));
        theirs.push(await wrk(bare.url + endpoint.path, { seconds, method: endpoint.method, body: endpoint.body }));
      }
      const oursRps = median(ours.map((r) => r.rps));
      const bareRps = median(theirs.map((r) => r.rps));
      // Latency at half of our measured maximum, the same offered load for both.
      const rate = Math.max(10, Math.round(oursRps / 2));
      const oursAtRate = await wrk(service.url + endpoint.path, { seconds: latencySeconds, connections: 16, method: endpoint.method, body: endpoint.body, rate });
      const bareAtRate = await wrk(bare.url + endpoint.path, { seconds: latencySeconds, connections: 16, method: endpoint.method, body: endpoint.body, rate });
      const failures = ours.reduce((n, r) => n + r.non2xx, 0);
      results.push({
        endpoint: endpoint.name,
        oursRps,
        bareRps,
        ratio: oursRps / bareRps,
        rate,
        ours: { p50: oursAtRate.p50, p99: oursAtRate.p99 },
        bare: { p50: bareAtRate.p50, p99: bareAtRate.p99 },
        failures,
      });
    }
  } finally {
    await stop(bare.child);
  }
  return results;
}
