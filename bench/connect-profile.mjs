// Where a connect's CPU goes (issue 33): the hub runs under --cpu-prof while `--clients` live
// clients of one kind connect (Socket.IO websockets on /live, or SSE streams asking for chat); the
// profile's samples between the first and the last one inside the connect handler (engine.io's
// handleUpgrade, or the SSE route's openStream) are summed per function, self and inclusive, per
// connect. Prints two markdown tables. Connect CPU against the floor is in `npm run bench` (bench/lib/floor.mjs).
//   npm run build && node bench/connect-profile.mjs [--kind ws|sse] [--clients 3000]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig, startClientFleet, startService, stop } from './lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const kind = option('--kind', 'ws');
const clients = Number(option('--clients', '3000'));
const marker = kind === 'ws' ? 'handleUpgrade' : 'openStream';
const dir = mkdtempSync(join(tmpdir(), 'radio-connect-prof-'));

/** Self and inclusive µs per function (name, file, line) over the samples between the first and last inside `marker`. */
function summarise(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = (id) => {
    const out = [];
    for (let at = id; at !== undefined; at = parent.get(at)) out.push(byId.get(at).callFrame);
    return out;
  };
  const label = (frame) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  const inside = profile.samples.map((id) => frames(id).some((frame) => frame.functionName === marker));
  const first = inside.indexOf(true);
  const last = inside.lastIndexOf(true);
  const self = new Map();
  const inclusive = new Map();
  let busy = 0;
  for (let i = first; i <= last; i++) {
    const stack = frames(profile.samples[i]);
    // A sample's time is the delta to the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (stack[0].functionName === '(idle)') continue;
    busy += us;
    self.set(label(stack[0]), (self.get(label(stack[0])) ?? 0) + us);
    for (const name of new Set(stack.map(label))) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
  return { busy, self, inclusive };
}

const service = await startService({ RADIO_CONFIG: benchConfig() }, ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${dir}`]);
const fleet = startClientFleet(kind === 'ws' ? 'bench/fanout-clients.mjs' : 'bench/sse-clients.mjs');
try {
  if (kind === 'ws') await fleet.connect({ urls: [service.url], count: clients });
  else await fleet.connect({ url: service.url, count: clients, events: 'nowplaying,chat:message' });
} finally {
  fleet.close();
  // The profile is written as the hub exits.
  await stop(service.child);
}
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
const { busy, self, inclusive } = summarise(join(dir, file));
rmSync(dir, { recursive: true, force: true });
const table = (map) => [
  '| Function | µs per connect |',
  '|---|---:|',
  ...[...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([name, us]) => `| ${name.replaceAll('|', '\\|')} | ${(us / clients).toFixed(1)} |`),
];
const lines = [
  `Connect CPU, ${clients.toLocaleString('en-US')} ${kind === 'ws' ? 'Socket.IO websocket' : 'SSE'} clients: ${(busy / clients).toFixed(0)} µs per connect on the main thread (profiler on, 100 µs samples)`,
  '',
  'Self time:',
  '',
  ...table(self),
  '',
  'Inclusive time (the function and what it called):',
  '',
  ...table(inclusive),
];
process.stdout.write(`${lines.join('\n')}\n`);
