import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';

/**
 * One hub per core on one port (server.workers > 1, docs/operations.md "Every core"). The primary
 * serves nothing itself: it starts the workers, each a full hub listening on the same port with
 * SO_REUSEPORT (the kernel spreads the connections), restarts one that dies, and on SIGTERM tells
 * every worker to drain and exits within the grace period. The workers share their state through
 * Redis, as separate nodes do (the configuration refuses several workers without it).
 */

/** A worker's word to the primary once its hub listens. */
export const LISTENING_MESSAGE = 'radio-hub:listening';

export interface WorkerGroupSettings {
  /** server.workers: a count, or 'auto' for the machine's cores. */
  workers: number | 'auto';
  host: string;
  /** server.port; 0 is resolved here to one free port for all the workers. */
  port: number;
  /** metrics.port; worker i (from 1) serves its own metrics on port + i − 1 (0: each picks its own). */
  metricsPort: number | null;
  /** server.shutdownGraceMs: each worker's own bound; the group's is this plus a second to reap them. */
  shutdownGraceMs: number;
  log: Logger;
}

/** How many workers a setting means on this machine. */
export function workerCount(workers: number | 'auto'): number {
  return workers === 'auto' ? availableParallelism() : workers;
}

/** A worker that dies again this soon after starting waits longer before the next start (a crash loop must not spin). */
const QUICK_DEATH_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 10_000;
/** After the workers' own grace: the time to kill the ones still there and see them go. */
const REAP_MS = 1_000;

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  restartDelayMs: number;
}

export async function runWorkerGroup(settings: WorkerGroupSettings): Promise<void> {
  const { log } = settings;
  const count = workerCount(settings.workers);
  const port = settings.port === 0 ? await freePort(settings.host) : settings.port;
  const slots: Slot[] = Array.from({ length: count }, (_, i) => ({ index: i + 1, worker: null, startedAt: 0, restartDelayMs: FIRST_RESTART_DELAY_MS }));
  let stopping = false;
  let listening = 0;
  let everListened = false;

  const envOf = (slot: Slot): NodeJS.ProcessEnv => ({
    PORT: String(port),
    RADIO_HUB_WORKER: String(slot.index),
    ...(settings.metricsPort === null ? {} : { METRICS_PORT: String(settings.metricsPort === 0 ? 0 : settings.metricsPort + slot.index - 1) }),
  });

  const start = (slot: Slot) => {
    const worker = cluster.fork(envOf(slot));
    slot.worker = worker;
    slot.startedAt = Date.now();
    let announced = false;
    worker.on('message', (message: unknown) => {
      if (message !== LISTENING_MESSAGE || announced) return;
      announced = true;
      everListened = true;
      listening++;
      if (listening === count) log.info({ workers: count, host: settings.host, port }, 'radio hub listening: every worker');
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = null;
      if (announced) listening--;
      if (stopping) {
        if (slots.every((s) => s.worker === null)) finish();
        return;
      }
      if (!everListened) {
        // Not one worker ever listened: the port is taken, the store unreachable at start, a bug. Nothing to restart into.
        log.fatal({ worker: slot.index, code, signal }, 'a worker stopped before listening; the group stops');
        stopAll(1);
        return;
      }
      const quick = Date.now() - slot.startedAt < QUICK_DEATH_MS;
      slot.restartDelayMs = quick ? Math.min(slot.restartDelayMs * 2, MAX_RESTART_DELAY_MS) : FIRST_RESTART_DELAY_MS;
      // One line per death: which worker, how it ended, when the next one starts.
      log.error({ worker: slot.index, pid: worker.process.pid, code, signal, restartInMs: slot.restartDelayMs }, 'a worker died; starting another');
      setTimeout(() => {
        if (!stopping) start(slot);
      }, slot.restartDelayMs).unref();
    });
  };

  let exitCode = 0;
  const finish = () => {
    log.info({ code: exitCode }, 'stopped: every worker');
    process.exit(exitCode);
  };
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const slot of slots) slot.worker?.process.kill('SIGTERM');
    // The workers bound their own shutdown; one that does not is killed, and the group still exits in time.
    setTimeout(() => {
      const left = slots.filter((s) => s.worker !== null);
      log.error({ workers: left.map((s) => s.index), graceMs: settings.shutdownGraceMs }, 'workers still running after server.shutdownGraceMs; killing them');
      for (const slot of left) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, settings.shutdownGraceMs + REAP_MS).unref();
    if (slots.every((s) => s.worker === null)) finish();
  };
  const onSignal = (signal: string) => {
    if (stopping) return;
    log.info({ signal, workers: count }, 'shutting down: every worker drains');
    stopAll(0);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  log.info({ workers: count, port }, 'starting the workers');
  for (const slot of slots) start(slot);
}

/** A port free on the host now, for every worker to share (the kernel shares only a port chosen up front). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
