// Starting what a benchmark measures: the service (built), the bare uWS yardstick, the clients.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = new URL('../..', import.meta.url).pathname;
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

/** A port free on 127.0.0.1 now (for a server that must be started again on the same one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Settings for a benchmark run: no stream polling, the limiters on (they are part of the cost
 * measured) with their limits raised: the load comes from one address.
 */
export function benchConfig(extra = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'radio-bench-'));
  const path = join(dir, 'config.json');
  writeFileSync(
    path,
    JSON.stringify({
      // The demo programme: the schedule and playlists answers keep the size earlier runs measured
      // (config/default.json's programme is empty since issue 28).
      ...JSON.parse(readFileSync(join(ROOT, 'config', 'demo.json'), 'utf8')),
      stream: { enabled: false },
      rateLimit: { mobile: { limit: 1_000_000_000, windowSeconds: 3600 }, chat: { limit: 1_000_000, windowSeconds: 60 }, sseOpens: { limit: 1_000_000, windowSeconds: 60 } },
      chat: { socketFlood: { messages: 10_000, windowSeconds: 60 } },
      live: { maxConnectionsPerClient: 100_000 },
      ...extra,
    }),
  );
  return path;
}

export function firstJsonLine(child, pick) {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const value = pick(JSON.parse(line));
        if (value !== undefined) resolve(value);
      } catch {
        // not a JSON line
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
}

/** The service pinned to the server core; resolves with {child, url}. `nodeArgs`: e.g. --cpu-prof. */
export async function startService(env, nodeArgs = []) {
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...nodeArgs, join(ROOT, 'dist/main.js')], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await firstJsonLine(child, (entry) => (entry.msg === 'radio hub listening' ? entry.port : undefined));
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The bare uWS handler serving `responses` ({"GET /path": {status, contentType, body(base64)}}). */
export async function startBare(responses) {
  const dir = mkdtempSync(join(tmpdir(), 'radio-bare-'));
  const file = join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(responses));
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, join(ROOT, 'bench/bare-uws.mjs'), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await firstJsonLine(child, (entry) => entry.port);
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * A fleet of lightweight clients in a process of its own, pinned to the load core and driven by
 * messages: `connect` with the fleet's own target, `expect` a marker, `close`.
 */
export function startClientFleet(script) {
  const child = fork(join(ROOT, script), [], { execPath: 'taskset', execArgv: ['-c', LOAD_CORE, process.execPath], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let closing = false;
  const next = (key) =>
    new Promise((resolve, reject) => {
      const listener = (message) => {
        if (key in message) {
          child.off('message', listener);
          child.off('exit', exited);
          resolve(message[key]);
        }
      };
      // A fleet that stops (a client lost, a crash) never sends `key`: fail rather than wait forever.
      const exited = (code) => {
        child.off('message', listener);
        if (closing) return; // closed on purpose: what was still awaited is moot
        reject(new Error(`${script} exited with ${code} before sending ${key}`));
      };
      child.on('message', listener);
      child.once('exit', exited);
    });
  return {
    child,
    /** Resolves with the fleet's next message that carries `key` (for messages beyond these). */
    next,
    connect: async (target) => {
      child.send({ connect: target });
      return next('connected');
    },
    /**
     * Arms the clients for `marker`; resolves once armed with `{ arrived }`, a promise of the time
     * the last client got it (wrapped, or awaiting this would wait for the arrival too).
     */
    expect: async (marker) => {
      const arrived = next('arrived');
      child.send({ expect: { marker } });
      await next('armed');
      return { arrived: arrived.then((a) => a.lastAt) };
    },
    close: () => {
      closing = true;
      if (child.connected) child.send({ close: true });
    },
  };
}

/** The lightweight live (Engine.IO WebSocket) clients. */
export function startClients() {
  const fleet = startClientFleet('bench/fanout-clients.mjs');
  return { ...fleet, connect: (urls, count) => fleet.connect({ urls, count }) };
}

export function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** User and system CPU time of the whole process `pid`, in ms (/proc/PID/stat, 10 ms ticks). */
export async function cpuSplitMs(pid) {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const tick = 1000 / 100;
  return { user: Number(fields[11]) * tick, system: Number(fields[12]) * tick };
}

/** CPU time the main thread of `pid` has used, in ms (from /proc, nanosecond resolution). */
export async function cpuMs(pid) {
  const { readFile } = await import('node:fs/promises');
  // taskset execs node in place, so the pid is node's.
  const [ns] = (await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ');
  return Number(ns) / 1e6;
}
