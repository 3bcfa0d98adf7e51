// Where a live connection's memory goes (issue 33): the hub's JavaScript heap before and after
// `--clients` live clients (half Socket.IO websockets, half SSE streams asking for chat) connect,
// from two heap snapshots (node --heapsnapshot-signal), grouped by constructor or kind, per
// connection. Prints a markdown table; RSS per connection is in `npm run bench` (bench/lib/floor.mjs).
//   npm run build && node --max-old-space-size=8192 bench/heap-per-connection.mjs [--clients 10000] [--only sse|ws]
// A second table names what holds the parts without a constructor of their own (arrays, strings,
// hidden and system objects): the nearest retainer with a name, and the edge it holds them by.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchConfig, startClientFleet, startService, stop } from './lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const clients = Number(option('--clients', '10000'));
const only = option('--only', 'both');
const dir = mkdtempSync(join(tmpdir(), 'radio-heap-'));

/** Sends the signal and waits for the next snapshot file to be written whole (its size stops changing). */
async function snapshot(child) {
  const before = new Set(readdirSync(dir));
  child.kill('SIGUSR2');
  for (;;) {
    // Polling a file the hub writes: there is no event to wait on from here.
    await sleep(500);
    const file = readdirSync(dir).find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    if (!file) continue;
    const size = statSync(join(dir, file)).size;
    await sleep(1000);
    if (size > 0 && statSync(join(dir, file)).size === size) return join(dir, file);
  }
}

/** Self size and count per group: objects by constructor, closures by function, the rest by kind. */
function summarise(path) {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(path, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const groups = new Map();
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = strings[nodes[i + nameAt]];
    const key = type === 'object' || type === 'native' ? name : type === 'closure' ? `closure ${name || '(anonymous)'}` : `(${type})`;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += nodes[i + sizeAt];
    group.count += 1;
    groups.set(key, group);
  }
  return groups;
}

const INTERNAL = new Set(['array', 'hidden', 'string', 'concatenated string', 'sliced string', 'number', 'object shape', 'code']);

/**
 * Self size per holder of the internal parts: a part's first retainer that is an object or closure
 * (walking up through internal retainers, e.g. an object's property store), as `Holder.edge`.
 */
function holders(path) {
  const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(path, 'utf8'));
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const edgeFields = snapshot.meta.edge_fields;
  const edgeTypes = snapshot.meta.edge_types[0];
  const width = fields.length;
  const ewidth = edgeFields.length;
  const [typeAt, nameAt, sizeAt, countAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) => fields.indexOf(f));
  const [etypeAt, enameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f));
  const count = nodes.length / width;
  // The first retainer of each node (by a strong edge): enough to name a holder.
  const parent = new Int32Array(count).fill(-1);
  const parentEdge = new Array(count);
  let e = 0;
  for (let n = 0; n < count; n++) {
    const edgeCount = nodes[n * width + countAt];
    for (let k = 0; k < edgeCount; k++, e += ewidth) {
      const type = edgeTypes[edges[e + etypeAt]];
      if (type === 'weak' || type === 'shortcut') continue;
      const to = edges[e + toAt] / width;
      if (parent[to] !== -1) continue;
      parent[to] = n;
      parentEdge[to] = type === 'element' || type === 'hidden' ? `[${type}]` : String(strings[edges[e + enameAt]]);
    }
  }
  const nameOf = (n) => strings[nodes[n * width + nameAt]];
  const groups = new Map();
  for (let n = 0; n < count; n++) {
    if (!INTERNAL.has(types[nodes[n * width + typeAt]])) continue;
    let holder = parent[n];
    let edge = parentEdge[n];
    for (let hops = 0; holder !== -1 && INTERNAL.has(types[nodes[holder * width + typeAt]]) && hops < 4; hops++) {
      edge = `${parentEdge[holder]}.${edge}`;
      holder = parent[holder];
    }
    const key = holder === -1 ? '(none)' : `${types[nodes[holder * width + typeAt]] === 'closure' ? 'closure ' : ''}${nameOf(holder) || '(anonymous)'} → ${edge}`;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += nodes[n * width + sizeAt];
    group.count += 1;
    groups.set(key, group);
  }
  return groups;
}

/** Rows of `after` less `before`, per connection, largest first. */
function perConnection(before, after) {
  const rows = [...after].map(([key, a]) => {
    const b = before.get(key) ?? { size: 0, count: 0 };
    return { key, bytes: (a.size - b.size) / clients, count: (a.count - b.count) / clients };
  });
  return rows.sort((x, y) => y.bytes - x.bytes);
}

const table = (rows) => [
  '| What | bytes per connection | objects per connection |',
  '|---|---:|---:|',
  ...rows.slice(0, 30).map((r) => `| ${r.key.replaceAll('|', '\\|').slice(0, 80)} | ${r.bytes.toFixed(0)} | ${r.count.toFixed(2)} |`),
];

const service = await startService({ RADIO_CONFIG: benchConfig() }, ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`]);
const websockets = startClientFleet('bench/fanout-clients.mjs');
const streams = startClientFleet('bench/sse-clients.mjs');
try {
  const first = await snapshot(service.child);
  const sse = only === 'ws' ? 0 : only === 'sse' ? clients : Math.ceil(clients / 2);
  const ws = clients - sse;
  if (sse) await streams.connect({ url: service.url, count: sse, events: 'nowplaying,chat:message' });
  if (ws) await websockets.connect({ urls: [service.url], count: ws });
  const second = await snapshot(service.child);
  const rows = perConnection(summarise(first), summarise(second));
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  const lines = [
    `Heap per connection, ${clients.toLocaleString('en-US')} clients (${sse} SSE, ${ws} Socket.IO websocket): ${total.toFixed(0)} bytes`,
    '',
    ...table(rows),
    '',
    'Internal parts (arrays, strings, hidden objects) by the object or closure holding them:',
    '',
    ...table(perConnection(holders(first), holders(second))),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  websockets.close();
  streams.close();
  await stop(service.child);
  rmSync(dir, { recursive: true, force: true });
}
