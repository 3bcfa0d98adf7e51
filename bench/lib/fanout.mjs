// Live fan-out: N lightweight clients on /live; a REST chat post; the time until the last client
// has it, over repeated posts; and the server's CPU per broadcast.
import { cpuMs, cpuSplitMs, startClients } from './processes.mjs';

const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** `services`: one or more nodes; clients are spread over all of them, posts go to the first. */
export async function benchFanout(services, { clients: count, posts }) {
  const clients = startClients();
  try {
    await clients.connect(
      services.map((s) => s.url),
      count,
    );
    const delays = [];
    const cpuBefore = await Promise.all(services.map((s) => cpuMs(s.child.pid)));
    const splitBefore = await Promise.all(services.map((s) => cpuSplitMs(s.child.pid)));
    for (let i = 0; i < posts; i++) {
      const marker = `fanout-${count}-${i}-${Date.now()}`;
      const { arrived } = await clients.expect(marker);
      const started = now();
      const response = await fetch(`${services[0].url}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: 'bench', message: marker }),
      });
      if (response.status !== 201) throw new Error(`chat post answered ${response.status}: ${await response.text()}`);
      delays.push((await arrived) - started);
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
    };
  } finally {
    clients.close();
  }
}
