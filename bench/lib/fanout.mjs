// Live fan-out: N lightweight clients on /live; a REST chat post; the time until the last client
// has it, over repeated posts; and the server's CPU per broadcast.
import { cpuMs, cpuSplitMs, startClients } from './processes.mjs';

const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * `services`: one or more nodes; clients are spread over all of them (one fleet per node, so each
 * node's last client is timed too), posts go to the first.
 */
export async function benchFanout(services, { clients: count, posts }) {
  const fleets = services.map(() => startClients());
  try {
    for (const [i, fleet] of fleets.entries()) await fleet.connect([services[i].url], Math.floor(count / services.length) + (i < count % services.length ? 1 : 0));
    const delays = [];
    // Per node, the time until its last client had the post: the posting node's and the others'.
    const nodeDelays = services.map(() => []);
    const cpuBefore = await Promise.all(services.map((s) => cpuMs(s.child.pid)));
    const splitBefore = await Promise.all(services.map((s) => cpuSplitMs(s.child.pid)));
    for (let i = 0; i < posts; i++) {
      const marker = `fanout-${count}-${i}-${Date.now()}`;
      const arrivals = (await Promise.all(fleets.map((fleet) => fleet.expect(marker)))).map(({ arrived }) => arrived);
      const started = now();
      const response = await fetch(`${services[0].url}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: 'bench', message: marker }),
      });
      if (response.status !== 201) throw new Error(`chat post answered ${response.status}: ${await response.text()}`);
      const times = await Promise.all(arrivals);
      for (const [n, at] of times.entries()) nodeDelays[n].push(at - started);
      delays.push(Math.max(...times) - started);
    }
    const cpuAfter = await Promise.all(services.map((s) => cpuMs(s.child.pid)));
    const splitAfter = await Promise.all(services.map((s) => cpuSplitMs(s.child.pid)));
    const cpu = cpuAfter.reduce((sum, after, i) => sum + (after - cpuBefore[i]), 0);
    // Where the CPU goes: on loopback the kernel's TCP work for every receiving socket is charged
    // to the sender, so `system` grows with the number of clients even when JavaScript does not.
    const share = (kind) => splitAfter.reduce((sum, after, i) => sum + (after[kind] - splitBefore[i][kind]), 0) / posts;
    return {
      clients: count,
      nodes: services.length,
      posts,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      cpuPerBroadcastMs: cpu / posts,
      userMsPerBroadcast: share('user'),
      systemMsPerBroadcast: share('system'),
      postingNodeP50: percentile(nodeDelays[0], 50),
      otherNodesP50: services.length > 1 ? percentile(nodeDelays.slice(1).flat(), 50) : null,
    };
  } finally {
    for (const fleet of fleets) fleet.close();
  }
}

/**
 * Relay order (issue 33, item 2): the posting hub relays to the others before it writes to its own
 * clients, so theirs should not wait for its fan-out. Both hubs share one core here, so this shows
 * the order, not the parallel gain a hub per core would give.
 */
export function relayOrderSection(rows) {
  const twoNode = rows.filter((r) => r.nodes > 1);
  if (twoNode.length === 0) return '';
  const lines = [
    '',
    '## Relay order: the posting hub against the other hub (issue 33, item 2)',
    '',
    "A chat post to hub A, half the clients on A and half on hub B (Redis between them, both hubs on one core); p50 over the posts of the time until each hub's last client had it. The relay leaves before A writes to its own clients, so B's clients do not wait for A's fan-out: B / A near or below 1 (relayed after, B would come a whole fan-out later).",
    '',
    '| Clients | Hubs | posts | posting hub p50 | other hub p50 | other / posting |',
    '|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of twoNode) {
    lines.push(
      `| ${r.clients.toLocaleString('en-US')} | ${r.nodes} | ${r.posts} | ${r.postingNodeP50.toFixed(1)} ms | ${r.otherNodesP50.toFixed(1)} ms | ${(r.otherNodesP50 / r.postingNodeP50).toFixed(2)} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
