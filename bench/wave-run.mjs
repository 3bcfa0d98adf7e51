// Issue 33 item 5 alone (the full `npm run bench` runs it too), for working on the reconnect wave:
// `npm run build && node bench/wave-run.mjs [--clients 19000]`. Prints the section as markdown
// and the rows as JSON on stderr.
import { captureStatusContract } from './lib/baselines.mjs';
import { benchConfig, startService, stop } from './lib/processes.mjs';
import { benchReconnectWave, reconnectWaveSection } from './lib/reconnect-wave.mjs';

const args = process.argv.slice(2);
const clients = Number(args.includes('--clients') ? args[args.indexOf('--clients') + 1] : '19000');
const config = benchConfig();
const service = await startService({ RADIO_CONFIG: config });
const statusAnswer = await captureStatusContract(service.url);
await stop(service.child);
const rows = await benchReconnectWave({ RADIO_CONFIG: config }, statusAnswer, { clients });
process.stderr.write(`${JSON.stringify(rows)}\n`);
process.stdout.write(`${reconnectWaveSection(rows)}\n`);
