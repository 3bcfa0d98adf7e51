// Issue 33's part of the bench alone (the full `npm run bench` runs it too), for working on the
// fan-out: `npm run build && node bench/floor-run.mjs [--floor-sizes 10000,40000] [--posts 100]`.
// Needs `ulimit -n` above twice the largest size (npm run bench raises it to 65536).
import { benchFloor, floorSection } from './lib/floor.mjs';
import { benchConfig } from './lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const sizes = option('--floor-sizes', '10000').split(',').map(Number);
const posts = Number(option('--posts', '100'));
const log = (text) => process.stderr.write(`bench: ${text}\n`);
const rows = await benchFloor({ sizes, posts, countPosts: 3, config: benchConfig(), log });
process.stdout.write(`${floorSection(rows)}\n`);
