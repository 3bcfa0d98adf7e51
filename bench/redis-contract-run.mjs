// Issue 33 item 6's bench section alone (the full `npm run bench` runs it too): each public route
// against its contract handler on the Redis store, and the Redis work of both.
//   npm run build && node bench/redis-contract-run.mjs [--seconds 5] [--rounds 3] [--requests 200] [--only "POST /api/mobile/chat"]
// Needs redis-server (it starts a private one), wrk and taskset.
import { loadavg } from 'node:os';
import { benchConfig } from './lib/processes.mjs';
import { benchRedisContract, redisContractSection } from './lib/redis-contract.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const startLoad = loadavg()[0];
const result = await benchRedisContract({
  config: benchConfig(),
  seconds: option('--seconds', 5),
  rounds: option('--rounds', 3),
  requestsPerRoute: option('--requests', 200),
  only: args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined,
});
process.stdout.write(`Node ${process.version}, load average ${startLoad.toFixed(1)} at start\n${redisContractSection(result)}\n`);
