// The report's rows for the second baseline and the peer (issue 9): status against the
// contract-equivalent handler, the one-header bare handler and the plain Socket.IO peer; chat
// fan-out p99 against the peer.
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
const ratio = (value) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
const us = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} µs` : 'n/a');

const statusRow = (results, store) => results.rest[store]?.find((r) => r.endpoint === 'GET /api/mobile/status');
const fanoutPair = (results, clients) => {
  const ours = results.fanout.find((f) => f.nodes === 1 && f.clients === clients);
  const peer = results.peerFanout?.find((f) => f.clients === clients);
  return ours && peer ? { ours, peer, ratio: ours.p99 / peer.p99 } : undefined;
};

export function baselineTargets(results) {
  const check = (name, value, ok, goal) => ({ name, value, goal, met: value === undefined ? null : ok(value) });
  return [
    check('status vs contract-equivalent uWS, in-memory', statusRow(results, 'memory')?.contractRatio, (v) => v >= 0.85, '≥ 0.85'),
    check('status vs contract-equivalent uWS, Redis', statusRow(results, 'redis')?.contractRatio, (v) => v >= 0.6, '≥ 0.6'),
    check('chat → 1,000 clients, p99 ours vs Socket.IO peer', fanoutPair(results, 1000)?.ratio, (v) => v <= 1, '≤ 1.00'),
    check('chat → 10,000 clients, p99 ours vs Socket.IO peer', fanoutPair(results, 10000)?.ratio, (v) => v <= 1, '≤ 1.00'),
  ];
}

export function baselineSections(results) {
  const stores = Object.keys(results.rest).filter((store) => statusRow(results, store)?.contractRps !== undefined);
  const clients = (results.peerFanout ?? []).map((f) => f.clients);
  return [
    '',
    '## GET /api/mobile/status against both baselines and the peer',
    '',
    'Ratios are ours / theirs, medians of the same interleaved rounds. *Contract-equivalent*: a bare',
    'uWS handler writing our bytes and the required headers (X-Request-Id, CORS, RateLimit-Policy,',
    'RateLimit from a per-address counter in a Map), bench/contract-uws.mjs. *Bare*: the same bytes',
    'with one header. *Peer*: plain node:http + Socket.IO 4 with the same bytes and headers',
    '(bench/peer-socketio-server.mjs; no framework, so an upper bound for an Express station). In',
    'the Redis row the baselines still count in an in-process Map; only ours talks to Redis.',
    '',
    '| Store | ours req/s | contract-eq req/s | ours / contract-eq | bare req/s | ours / bare | peer req/s | ours / peer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...stores.map((store) => {
      const r = statusRow(results, store);
      return `| ${store} | ${int(r.oursRps)} | ${int(r.contractRps)} | ${ratio(r.contractRatio)} | ${int(r.bareRps)} | ${ratio(r.ratio)} | ${int(r.peerRps)} | ${ratio(r.peerRatio)} |`;
    }),
    '',
    "The servers' main-thread CPU time per answered request in the same rounds, and the same ratios",
    'computed from it (theirs / ours, so read like the ones above). On a shared machine wrk itself',
    'is starved at times, which pulls throughput ratios towards 1; CPU per request is much less affected.',
    '',
    '| Store | ours CPU/req | contract-eq CPU/req | ours / contract-eq | bare CPU/req | ours / bare | peer CPU/req | ours / peer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...stores.map((store) => {
      const r = statusRow(results, store);
      const byCpu = (theirs) => theirs / r.oursCpuUsPerRequest;
      return `| ${store} | ${us(r.oursCpuUsPerRequest)} | ${us(r.contractCpuUsPerRequest)} | ${ratio(byCpu(r.contractCpuUsPerRequest))} | ${us(r.bareCpuUsPerRequest)} | ${ratio(byCpu(r.bareCpuUsPerRequest))} | ${us(r.peerCpuUsPerRequest)} | ${ratio(byCpu(r.peerCpuUsPerRequest))} |`;
    }),
    '',
    '## Chat fan-out against the plain Socket.IO peer (one node, REST chat post → last client)',
    '',
    'The same client fleet and post; the peer measured right after ours at each size.',
    '',
    '| Clients | Posts | ours p50 | ours p99 | peer p50 | peer p99 | ours p99 / peer p99 | ours CPU per broadcast | peer CPU per broadcast |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...clients.map((n) => {
      const pair = fanoutPair(results, n);
      if (!pair) return `| ${int(n)} | – | n/a | n/a | n/a | n/a | n/a | n/a | n/a |`;
      const { ours, peer } = pair;
      return `| ${int(n)} | ${ours.posts} | ${ms(ours.p50)} | ${ms(ours.p99)} | ${ms(peer.p50)} | ${ms(peer.p99)} | ${ratio(pair.ratio)} | ${ms(ours.cpuPerBroadcastMs)} | ${ms(peer.cpuPerBroadcastMs)} |`;
    }),
  ];
}
