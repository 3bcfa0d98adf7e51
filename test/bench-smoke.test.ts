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

describe.skipIf(!wrkInstalled())('benchmark smoke run', () => {
  it('measures every REST endpoint against bare uWS and a live fan-out, and writes the report', { timeout: 180_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'radio-bench-smoke-'));
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [join(import.meta.dirname, '..', 'bench', 'run.mjs'), '--smoke', '--out', out], { timeout: 120_000 });
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
    expect(results.fanout[0]).toMatchObject({ nodes: 1, clients: 20, posts: 3 });
    expect(results.fanout[0].p99).toBeGreaterThan(0);
    expect(results.sseFanout[0]).toMatchObject({ clients: 20, songs: 3 });
    expect(results.sseFanout[0].p99).toBeGreaterThan(0);
    expect(results.targets.map((t: { name: string }) => t.name)).toContain('status vs bare uWS, in-memory');
    expect(stdout).toContain('## REST, memory store');
    expect(readFileSync(join(out, 'RESULTS.md'), 'utf8')).toBe(stdout.trimEnd() === stdout ? stdout : stdout.slice(0, -1));
  });
});
