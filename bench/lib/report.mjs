// bench/RESULTS.md and bench/results.json: the machine, the date, the numbers, the targets.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { baselineSections, baselineTargets } from './report-baselines.mjs';

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');

export function machine() {
  // The load average says how shared the machine was while measuring (other people's work).
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    date: new Date().toISOString(),
    loadAverage: loadavg()[0],
  };
}

export function targets(results) {
  const status = (store) => results.rest[store]?.find((r) => r.endpoint === 'GET /api/mobile/status');
  const fan = (n) => results.fanout.find((f) => f.nodes === 1 && f.clients === n);
  const check = (name, value, ok, goal) => ({ name, value, goal, met: value === undefined ? null : ok(value) });
  return [
    check('status vs bare uWS, in-memory', status('memory')?.ratio, (v) => v >= 0.8, '≥ 0.8'),
    check('status vs bare uWS, Redis', status('redis')?.ratio, (v) => v >= 0.5, '≥ 0.5'),
    check('chat post → 1,000 clients, p99', fan(1000)?.p99, (v) => v < 50, '< 50 ms'),
    check('chat post → 10,000 clients, p99', fan(10000)?.p99, (v) => v < 150, '< 150 ms'),
    ...baselineTargets(results),
  ];
}

export function writeReport(dir, results) {
  results.machine.loadAverageAtEnd = loadavg()[0];
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const m = results.machine;
  const lines = [
    '# Benchmark results',
    '',
    `${m.date} · ${m.cpu} · ${m.cores} cores · ${m.memoryGiB} GiB · Node ${m.node} · load average ${m.loadAverage?.toFixed(1)} at start, ${m.loadAverageAtEnd.toFixed(1)} at end`,
    '',
    'Server pinned to core 0, load (wrk, live clients) to core 1. Ratios compare our endpoint with a',
    'bare uWS.js handler sending the same bytes, measured interleaved in the same run. Latency at a',
    'fixed rate of half our measured maximum, for both.',
    '',
    '## Targets',
    '',
    '| Target | Goal | Measured | Met |',
    '|---|---|---|---|',
    ...results.targets.map(
      (t) =>
        `| ${t.name} | ${t.goal} | ${t.value === undefined ? 'not run' : t.name.includes('vs') ? t.value.toFixed(2) : ms(t.value)} | ${t.met === null ? '–' : t.met ? 'yes' : '**no**'} |`,
    ),
  ];
  lines.push(...baselineSections(results));
  for (const [store, rows] of Object.entries(results.rest)) {
    lines.push(
      '',
      `## REST, ${store} store`,
      '',
      '| Endpoint | ours req/s | bare req/s | ratio | rate | ours p50 | ours p99 | bare p50 | bare p99 | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.endpoint} | ${int(r.oursRps)} | ${int(r.bareRps)} | ${r.ratio.toFixed(2)} | ${int(r.rate)}/s | ${ms(r.ours.p50)} | ${ms(r.ours.p99)} | ${ms(r.bare.p50)} | ${ms(r.bare.p99)} | ${r.failures} |`,
      ),
    );
  }
  lines.push(
    '',
    '## Live fan-out (REST chat post → last client)',
    '',
    '| Nodes | Clients | Posts | p50 | p99 | server CPU per broadcast | of it user | of it system |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.fanout.map(
      (f) => `| ${f.nodes} | ${int(f.clients)} | ${f.posts} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.cpuPerBroadcastMs)} | ${ms(f.userMsPerBroadcast)} | ${ms(f.systemMsPerBroadcast)} |`,
    ),
    '',
  );
  const markdown = lines.join('\n');
  writeFileSync(join(dir, 'RESULTS.md'), markdown);
  return markdown;
}
