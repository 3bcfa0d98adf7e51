// How many sockets one process may hold here. The open-file limit is per process and may be fixed
// by the container (20,000 on the development box, not raisable even by root), so every size the
// bench asks of one process is read from it rather than written down.
import { execFileSync } from 'node:child_process';

/** Descriptors a process keeps besides its clients (listeners, Redis, inspector, stdio), with room to spare. */
const HEADROOM = 1_000;

/** The soft open-file limit of this process, which every process the bench starts inherits (`ulimit -n`). */
export function openFileLimit() {
  const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  return text === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(text);
}

/** The most clients one process can hold under `limit`, rounded down to a thousand. */
export function oneProcessHolds(limit = openFileLimit()) {
  return Math.max(1_000, Math.floor((limit - HEADROOM) / 1_000) * 1_000);
}
