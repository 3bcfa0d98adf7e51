// Every core (issue 33, item 3): the same live fan-out with server.workers = 2 against 1, both on
// Redis, in one run. One worker is pinned to the server core as everywhere in the bench; two are
// given both cores, so on a 2-core machine the second worker shares its core with the clients
// (the report says so). CPU is the sum over the workers' main threads.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { benchFanout } from './fanout.mjs';
import { SERVER_CORE, LOAD_CORE, stop } from './processes.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * A hub of `workers` workers; resolves with one {url, child: {pid}} per worker, the group's
 * process, and the inspectors' WebSocket URLs where the processes opened any. `nodeArgs` go to
 * the primary, and through node:cluster to every worker.
 */
export async function startGroup(env, workers, { cores = workers === 1 ? SERVER_CORE : `${SERVER_CORE},${LOAD_CORE}`, nodeArgs = [] } = {}) {
  const child = spawn('taskset', ['-c', cores, process.execPath, ...nodeArgs, join(ROOT, 'dist/main.js')], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WORKERS: String(workers), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = [];
  // Every inspector a process of the group opened (with --inspect in nodeArgs).
  const inspectors = [];
  await new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      for (const match of String(chunk).matchAll(/Debugger listening on (ws:\/\/\S+)/g)) inspectors.push(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the hub exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (entry.msg === 'radio hub listening') listening.push({ port: entry.port, pid: entry.pid ?? child.pid });
      // A worker that dies takes its clients with it: say so, the fleet's failure follows.
      if (entry.level >= 50) process.stderr.write(`bench: the hub (${workers} workers): ${line}\n`);
      if (workers === 1 ? listening.length === 1 : entry.msg === 'radio hub listening: every worker') resolve();
    });
  });
  return { group: child, inspectors, workers: listening.map((w) => ({ url: `http://127.0.0.1:${w.port}`, child: { pid: w.pid } })) };
}

/** Fan-out to `clients` clients on one worker, then on `workers` workers, posts to whichever takes them. */
export async function benchWorkersFanout(env, { clients, posts, workers: many }) {
  const rows = [];
  for (const workers of [1, many]) {
    const { group, workers: services } = await startGroup(env, workers);
    try {
      const row = await benchFanout(services, { clients, posts });
      rows.push({ workers, cores: workers === 1 ? 1 : 2, ...row, cpuPerBroadcastPerWorkerMs: row.cpuPerBroadcastMs / workers });
    } finally {
      await stop(group);
    }
  }
  return rows;
}

export function workersSection(rows) {
  if (!rows?.length) return '';
  const ms = (value) => `${value.toFixed(2)} ms`;
  const [one] = rows;
  const lines = [
    '',
    '## Workers: one hub per core on one port (server.workers, Redis store)',
    '',
    'The same fan-out (REST chat post → last live client, clients spread by the kernel over the',
    'workers) with one worker and with several in one run. One worker is pinned to the server core;',
    'several get both cores, so on a 2-core machine one of them shares its core with the load',
    'generator. CPU: all workers together per broadcast, and per worker.',
    '',
    '| Workers | Clients | Posts | p50 | p99 | p99 / one worker | CPU per broadcast, all | per worker |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.workers} | ${r.clients.toLocaleString('en-US')} | ${r.posts} | ${ms(r.p50)} | ${ms(r.p99)} | ${(r.p99 / one.p99).toFixed(2)} | ${ms(r.cpuPerBroadcastMs)} | ${ms(r.cpuPerBroadcastPerWorkerMs)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
