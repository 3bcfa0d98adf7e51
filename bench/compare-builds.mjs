// `node bench/compare-builds.mjs <rootA> <rootB> [seconds] [rounds]`: an interleaved A/B of two
// built checkouts (e.g. /work/main and a branch): the public REST hot paths and one unbudgeted
// route, both services up at once (on the Redis store when REDIS_URL is set: give it a private
// redis-server, as nothing is cleaned up), rounds alternating which goes first; medians of
// requests/s and of server CPU µs per request (the steadier of the two on a shared machine).
const [, , mainRoot, branchRoot, secondsArg, roundsArg] = process.argv;
if (!mainRoot || !branchRoot) {
  console.error('usage: node bench/compare-builds.mjs <rootA> <rootB> [seconds] [rounds]');
  process.exit(2);
}
const seconds = Number(secondsArg ?? 5);
const rounds = Number(roundsArg ?? 5);
const lib = (root, file) => import(`${root}/bench/lib/${file}`);
const main = await lib(mainRoot, 'processes.mjs');
const branch = await lib(branchRoot, 'processes.mjs');
const { wrk } = await lib(branchRoot, 'wrk.mjs');
const config = branch.benchConfig();
const ENDPOINTS = [
  { name: 'GET /api/mobile/status', path: '/api/mobile/status' },
  { name: 'GET /api/mobile/nowplaying', path: '/api/mobile/nowplaying' },
  { name: 'GET /api/mobile/chat', path: '/api/mobile/chat' },
  { name: 'POST /api/mobile/chat', path: '/api/mobile/chat', method: 'POST', body: '{"nickname":"bench","message":"Praise him, message %d"}' },
  { name: 'GET /healthz (no budget)', path: '/healthz' },
];
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
// With REDIS_URL set, both on the Redis store (each under a prefix of its own): the round trips count then.
const env = (name) => ({ RADIO_CONFIG: config, ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `radio-compare:${process.pid}:${name}:` } : {}) });
const services = { main: await main.startService(env('main')), branch: await branch.startService(env('branch')) };
for (const s of Object.values(services))
  for (let i = 0; i < 20; i++)
    await fetch(`${s.url}/api/mobile/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'seed', message: `seed message ${i}` }) });
const rows = [];
try {
  for (const endpoint of ENDPOINTS) {
    const runs = { main: [], branch: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['main', 'branch'] : ['branch', 'main'];
      for (const name of order) {
        const service = services[name];
        const before = await main.cpuMs(service.child.pid);
        const result = await wrk(service.url + endpoint.path, { seconds, method: endpoint.method, body: endpoint.body });
        const cpu = (((await main.cpuMs(service.child.pid)) - before) * 1000) / result.requests;
        if (result.non2xx) throw new Error(`${name} answered ${result.non2xx} non-2xx on ${endpoint.name}`);
        runs[name].push({ rps: result.rps, cpu });
      }
    }
    const m = { rps: median(runs.main.map((r) => r.rps)), cpu: median(runs.main.map((r) => r.cpu)) };
    const b = { rps: median(runs.branch.map((r) => r.rps)), cpu: median(runs.branch.map((r) => r.cpu)) };
    rows.push({
      endpoint: endpoint.name,
      mainRps: Math.round(m.rps),
      branchRps: Math.round(b.rps),
      rpsRatio: +(b.rps / m.rps).toFixed(3),
      mainCpuUs: +m.cpu.toFixed(1),
      branchCpuUs: +b.cpu.toFixed(1),
      cpuRatio: +(b.cpu / m.cpu).toFixed(3),
    });
    console.error(JSON.stringify(rows.at(-1)));
  }
} finally {
  await main.stop(services.main.child);
  await branch.stop(services.branch.child);
}
console.log(`| Endpoint | main req/s | branch req/s | ratio | main CPU µs/req | branch CPU µs/req | ratio |\n|---|---|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.endpoint} | ${r.mainRps} | ${r.branchRps} | ${r.rpsRatio} | ${r.mainCpuUs} | ${r.branchCpuUs} | ${r.cpuRatio} |`);
