// Starting the status baselines beyond the one-header bare handler: the contract-equivalent bare
// uWS handler and the plain Socket.IO peer, both pinned to the server core and both fed what our
// service answered on GET /api/mobile/status.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statusContract } from './contract-rules.mjs';
import { firstJsonLine, SERVER_CORE } from './processes.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Our status answer as the baselines need it: bytes, content type, CORS, rate-limit policy. */
export async function captureStatusContract(url) {
  const response = await fetch(`${url}/api/mobile/status`);
  const body = Buffer.from(await response.arrayBuffer()).toString('base64');
  return statusContract(response, body);
}

async function startWith(script, contract, nodeArgs = []) {
  const file = join(mkdtempSync(join(tmpdir(), 'radio-baseline-')), 'contract.json');
  writeFileSync(file, JSON.stringify(contract));
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...nodeArgs, join(ROOT, 'bench', script), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await firstJsonLine(child, (entry) => entry.port);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The contract-equivalent bare uWS handler (bench/contract-uws.mjs); `nodeArgs`: e.g. --cpu-prof. */
export const startContract = (contract, nodeArgs) => startWith('contract-uws.mjs', contract, nodeArgs);

/** The plain node:http + Socket.IO 4 peer (bench/peer-socketio-server.mjs). */
export const startPeer = (contract) => startWith('peer-socketio-server.mjs', contract);
