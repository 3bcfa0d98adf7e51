import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** The benchmark with tiny numbers, so `npm run bench` never rots. It needs wrk (Debian's). */
function wrkInstalled(): boolean {
  const found = spawnSync('sh', ['-c', 'command -v wrk']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but wrk is not installed; .ci/run must install it');
  if (!found) process.stdout.write('[radio-hub tests] wrk is not installed: the benchmark smoke run is SKIPPED (apt-get install wrk).\n');
  return found;
}

/** The general *.php GETs in the contract table (no budget, so no Redis on either side). */
const GENERAL_GETS = ['GET /api/current-song.php', 'GET /api/stream-stats.php', 'GET /api/now-playing.php'];

describe.skipIf(!wrkInstalled())('benchmark smoke run', () => {
  it(
    'measures every REST endpoint against bare uWS, status against the contract-equivalent handler and the Socket.IO peer, live fan-out for ours and the peer, and writes the report',
    // The whole run took 173 s at a load average of 17 on the shared 2-core box before issue 33's
    // contract section (about 25 s more there): room for both.
    { timeout: 320_000 },
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'radio-bench-smoke-'));
      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, [join(import.meta.dirname, '..', '..', 'bench', 'run.mjs'), '--smoke', '--out', out], { timeout: 300_000 });
      const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
      expect(results.rest.memory.map((r: { endpoint: string }) => r.endpoint)).toEqual([
        'GET /api/mobile/status',
        'GET /api/mobile/nowplaying',
        'GET /api/mobile/chat',
        'POST /api/mobile/chat',
      ]);
      for (const row of results.rest.memory) {
        expect(row.oursRps).toBeGreaterThan(0);
        expect(row.bareRps).toBeGreaterThan(0);
        expect(row.failures).toBe(0);
      }
      // Status also against the contract-equivalent handler and the plain Socket.IO peer (issue 9).
      const status = results.rest.memory[0];
      expect(status.contractRps).toBeGreaterThan(0);
      expect(status.peerRps).toBeGreaterThan(0);
      expect(status.contractRatio).toBeCloseTo(status.oursRps / status.contractRps);
      expect(status.peerRatio).toBeCloseTo(status.oursRps / status.peerRps);
      for (const server of ['ours', 'bare', 'contract', 'peer']) expect(status[`${server}CpuUsPerRequest`]).toBeGreaterThan(0);
      expect(results.fanout[0]).toMatchObject({ nodes: 1, clients: 20, posts: 3 });
      expect(results.fanout[0].p99).toBeGreaterThan(0);
      expect(results.peerFanout[0]).toMatchObject({ nodes: 1, clients: 20, posts: 3 });
      expect(results.peerFanout[0].p99).toBeGreaterThan(0);
      const targetNames = results.targets.map((t: { name: string }) => t.name);
      expect(targetNames).toContain('status vs bare uWS, in-memory');
      expect(targetNames).toContain('status vs contract-equivalent uWS, in-memory');
      expect(targetNames).toContain('chat → 1,000 clients, p99 ours vs Socket.IO peer');
      expect(results.sseFanout[0]).toMatchObject({ clients: 20, songs: 3 });
      expect(results.sseFanout[0].p99).toBeGreaterThan(0);
      expect(stdout).toContain('## REST, memory store');
      if (spawnSync('sh', ['-c', 'command -v redis-server']).status === 0) {
        // Every public route's Redis work is counted (the REST four first, then the others a listener calls), and each does some (its budget at least).
        const counted = results.redisRoundTrips.map((r: { endpoint: string }) => r.endpoint);
        expect(counted.slice(0, 4)).toEqual(results.rest.memory.map((r: { endpoint: string }) => r.endpoint));
        expect(counted).toEqual(expect.arrayContaining(['GET /api/mobile/requests', 'POST /api/mobile/requests', 'POST /api/mobile/feedback']));
        for (const row of results.redisRoundTrips) expect(row.commands).toMatch(/[A-Z]+×/);
        expect(stdout).toContain('## Redis work per request, each public route (Redis store)');
      }
      if (results.redisContract) {
        // Every public route against its contract handler (issue 33, item 6): both answered, and
        // the handler does each route's Redis work in one round trip, as the section says.
        const rows = results.redisContract.rows;
        expect(rows.map((r: { endpoint: string }) => r.endpoint)).toEqual(
          ['status', 'nowplaying', 'stats', 'schedule', 'playlists']
            .map((name) => `GET /api/mobile/${name}`)
            .concat(GENERAL_GETS, 'GET /api/mobile/chat', 'POST /api/mobile/chat', 'GET /api/mobile/requests', 'POST /api/mobile/requests', 'POST /api/mobile/feedback'),
        );
        for (const row of rows) {
          for (const side of [row.ours, row.contract]) expect(side.cpuUs).toBeGreaterThan(0);
          // The general GETs spend no budget: the contract asks Redis nothing; every other route, in one round trip.
          if (GENERAL_GETS.includes(row.endpoint)) expect(row.contract.commands).toBeLessThan(1);
          else expect(row.contract.commands).toBeGreaterThanOrEqual(3);
          expect(row.contract.roundTrips).toBeLessThanOrEqual(1.2);
        }
        expect(stdout).toContain('## Each public route against its contract handler (Redis store)');
      }
      if (results.rest.redis) {
        // One worker, then two on one port: both fan the post out to every client.
        expect(results.workersFanout.map((r: { workers: number; clients: number }) => [r.workers, r.clients])).toEqual([
          [1, 20],
          [2, 20],
        ]);
        for (const row of results.workersFanout) expect(row.p99).toBeGreaterThan(0);
        // Linear growth: 20 clients on one worker, then 40 spread over two (the smoke run's share
        // per worker is 20), every client reached by every post, the kernel's spread visible.
        expect(results.growth.rows.map((r: { clients: number; workers: number }) => [r.clients, r.workers])).toEqual([
          [20, 1],
          [40, 2],
        ]);
        for (const row of results.growth.rows) {
          expect(row.p99).toBeGreaterThan(0);
          expect(row.cpuPerBroadcastMs).toBeGreaterThan(0);
          expect(row.mostOnOneWorker).toBeGreaterThan(0);
          expect(row.mostOnOneWorker).toBeLessThanOrEqual(row.clients);
        }
        expect(stdout).toContain('## Linear growth past one process');
      }
      // The server restarted under its clients: every one came back to ours and to the peer, and none heard a 5xx.
      expect(results.reconnectWave.map((r: { server: string; clients: number }) => [r.server, r.clients])).toEqual([
        ['ours', 10],
        ['Socket.IO peer', 10],
      ]);
      for (const row of results.reconnectWave) expect(row.serverErrors).toBe(0);
      expect(stdout).toContain('## Reconnect wave');
      expect(stdout).toContain('| memory | ');
      expect(stdout).toMatch(/\| 20 \| 3 \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ \|/);
      expect(readFileSync(join(out, 'RESULTS.md'), 'utf8')).toBe(stdout.trimEnd() === stdout ? stdout : stdout.slice(0, -1));
    },
  );
});
