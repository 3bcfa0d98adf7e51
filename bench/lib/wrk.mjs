// Load from wrk (Debian's), pinned to the load core. Throughput: as fast as it goes. Latency: at a
// fixed rate, paced by wrk's Lua `delay()` (each connection waits connections/rate between requests).
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LOAD_CORE } from './processes.mjs';

const run = promisify(execFile);

/** Each run that sends a client per request takes a first octet of its own, so no two runs share a client (11., 12., …). */
let clientRuns = 0;

function script({ method = 'GET', body = null, rate = null, connections, clientPerRequest = false }) {
  const lines = [];
  if (clientPerRequest) {
    // A song request: one per client per delay, so each comes from a client of its own
    // (X-Forwarded-For, believed from loopback by the servers measured). wrk's Lua is 5.1: no bit operators.
    const octet = 11 + (clientRuns++ % 200);
    lines.push(
      'local client = 0',
      `local function nextClient() client = client + 1; return string.format("${octet}.%d.%d.%d", math.floor(client / 65536) % 256, math.floor(client / 256) % 256, client % 256) end`,
    );
  }
  if (method === 'POST') {
    // A different chat message each time (a fresh salt per run, then a counter): the chat
    // refuses a sender repeating a message.
    // Digits only, standing alone: random letters could spell a word the chat filter refuses.
    const salt = String(randomInt(1e9));
    lines.push(
      'wrk.method = "POST"',
      'wrk.headers["Content-Type"] = "application/json"',
      'local n = 0',
      'request = function()',
      '  n = n + 1',
      ...(clientPerRequest ? ['  wrk.headers["X-Forwarded-For"] = nextClient()'] : []),
      `  return wrk.format(nil, nil, nil, string.format(${JSON.stringify(body.replace('%d', `${salt} %d`))}, n))`,
      'end',
    );
  }
  if (rate) lines.push(`function delay() return ${((connections * 1000) / rate).toFixed(3)} end`);
  const dir = mkdtempSync(join(tmpdir(), 'radio-wrk-'));
  const file = join(dir, 'script.lua');
  writeFileSync(file, lines.join('\n'));
  return file;
}

const toMs = (text) => {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim()) ?? [];
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
};

/**
 * Runs wrk; returns {rps, requests, p50, p99, non2xx, socketErrors}. `body` is a Lua format string with one %d;
 * `clientPerRequest`: each POST from a client of its own (X-Forwarded-For).
 */
export async function wrk(url, { seconds, connections = 64, method, body, rate = null, clientPerRequest = false }) {
  const args = ['-c', LOAD_CORE, 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script({ method, body, rate, connections, clientPerRequest }), url];
  const { stdout } = await run('taskset', args, { maxBuffer: 1 << 20 });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const percentile = (p) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(stdout)?.[1] ?? 'NaNms');
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: (.*)/.exec(stdout)?.[1] ?? '';
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
  return { rps, requests, p50: percentile(50), p99: percentile(99), non2xx, socketErrors };
}
