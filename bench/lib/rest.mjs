// REST: each endpoint of ours against a bare uWS handler returning the same bytes, in one run,
// interleaved (ours, bare, ours, bare, …) so drift on a shared machine hits both alike. Status is
// also measured, in the same rounds, against the contract-equivalent handler (same bytes and the
// same required headers) and the plain Socket.IO peer on node:http (lib/baselines.mjs).
import { captureStatusContract, startContract, startPeer } from './baselines.mjs';
import { cpuMs, startBare, stop } from './processes.mjs';
import { wrk } from './wrk.mjs';

export const ENDPOINTS = [
  { name: 'GET /api/mobile/status', method: 'GET', path: '/api/mobile/status', alsoAgainst: ['contract', 'peer'] },
  { name: 'GET /api/mobile/nowplaying', method: 'GET', path: '/api/mobile/nowplaying' },
  { name: 'GET /api/mobile/chat', method: 'GET', path: '/api/mobile/chat' },
  { name: 'POST /api/mobile/chat', method: 'POST', path: '/api/mobile/chat', body: '{"nickname":"bench","message":"Praise him, message %d"}' },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * wrk against `server`, with the server's CPU time per answered request (µs). On a shared machine
 * throughput ratios shrink towards 1 when wrk itself is starved; CPU per request does not.
 */
export async function wrkWithCpu(server, path, options) {
  const before = await cpuMs(server.child.pid);
  const result = await wrk(server.url + path, options);
  return { ...result, cpuUsPerRequest: (((await cpuMs(server.child.pid)) - before) * 1000) / result.requests };
}

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
  const statusContract = await captureStatusContract(service.url);
  const others = { contract: await startContract(statusContract), peer: await startPeer(statusContract) };
  const results = [];
  try {
    for (const endpoint of ENDPOINTS) {
      const ours = [];
      const theirs = [];
      const also = Object.fromEntries((endpoint.alsoAgainst ?? []).map((name) => [name, []]));
      for (let round = 0; round < rounds; round++) {
        ours.push(await wrkWithCpu(service, endpoint.path, { seconds, method: endpoint.method, body: endpoint.body }));
        theirs.push(await wrkWithCpu(bare, endpoint.path, { seconds, method: endpoint.method, body: endpoint.body }));
        for (const [name, runs] of Object.entries(also)) runs.push(await wrkWithCpu(others[name], endpoint.path, { seconds, method: endpoint.method, body: endpoint.body }));
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
        oursCpuUsPerRequest: median(ours.map((r) => r.cpuUsPerRequest)),
        bareCpuUsPerRequest: median(theirs.map((r) => r.cpuUsPerRequest)),
        // e.g. contractRps, contractRatio (ours / contract), contractCpuUsPerRequest; the same for peer
        ...Object.fromEntries(
          Object.entries(also).flatMap(([name, runs]) => {
            const rps = median(runs.map((r) => r.rps));
            if (runs.some((r) => r.non2xx > 0)) throw new Error(`${name} answered non-2xx on ${endpoint.name}`);
            return [
              [`${name}Rps`, rps],
              [`${name}Ratio`, oursRps / rps],
              [`${name}CpuUsPerRequest`, median(runs.map((r) => r.cpuUsPerRequest))],
            ];
          }),
        ),
      });
    }
  } finally {
    await Promise.all([bare, ...Object.values(others)].map((server) => stop(server.child)));
  }
  return results;
}
