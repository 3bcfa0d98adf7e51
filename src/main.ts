import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { uwsBuild } from './http/uws.js';
import { createLogger } from './logger.js';
import cluster from 'node:cluster';
import { LISTENING_MESSAGE, runWorkerGroup, workerCount } from './worker-group.js';

// What a restart costs (docs/operations.md): said once at start-up, where an operator looks.
const MEMORY_LOSES =
  'in-memory store: chat, song requests, feedback, revenue events, bans, rate-limit counters and station state are lost when this process stops; set REDIS_URL to keep them';
const REDIS_KEEPS =
  'Redis holds chat, song requests, feedback, revenue events, bans and station state: run it with appendonly yes, appendfsync everysec (a crash loses at most one second); without persistence a Redis restart loses them all';

function start(): void {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`radio-hub: invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const root = createLogger(config.logLevel);
  const log = cluster.isWorker ? root.child({ worker: Number(process.env.RADIO_HUB_WORKER), pid: process.pid }) : root;
  // server.workers > 1: this process only supervises; each worker runs this function again as a hub.
  if (cluster.isPrimary && workerCount(config.server.workers) > 1) {
    runWorkerGroup({
      workers: config.server.workers,
      host: config.server.host,
      port: config.server.port,
      metricsPort: config.metrics.port,
      shutdownGraceMs: config.server.shutdownGraceMs,
      log,
    }).catch((error: unknown) => {
      log.fatal({ err: error }, 'cannot start the workers');
      process.stderr.write(`radio-hub: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
    return;
  }
  log.info({ build: uwsBuild.name, uws: uwsBuild.version, node: process.version, reason: uwsBuild.reason }, 'uWebSockets.js build');
  const app = createApp(config, {
    log,
    // A newer build migrated the store while this node ran (a rolling upgrade): stop rather than write old shapes into it.
    onFatal: (error) => {
      log.fatal({ err: error }, 'stopping');
      process.stderr.write(`radio-hub: stopping: ${error.message}\n`);
      process.exit(1);
    },
  });
  log.info({ store: app.store.kind }, app.store.kind === 'redis' ? REDIS_KEEPS : MEMORY_LOSES);

  // A stray rejection must not take the station off the air; it is a bug to log and fix.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // Whatever hangs (a Redis that never answers, a client that never finishes its body), the
    // process is gone within the grace period: a supervisor waiting on it must never wait forever.
    const graceMs = config.server.shutdownGraceMs;
    setTimeout(() => {
      log.error({ graceMs }, 'shutdown did not finish within server.shutdownGraceMs; exiting anyway');
      process.exit(1);
    }, graceMs);
    app
      .close({ exiting: true })
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A worker whose primary is gone (killed, crashed) has no one to restart or stop it: it drains and goes too.
  if (cluster.isWorker) process.on('disconnect', () => stop('primary gone'));

  app
    .listen()
    .then((port) => {
      log.info({ host: config.server.host, port, store: app.store.kind }, 'radio hub listening');
      if (cluster.isWorker) process.send?.(LISTENING_MESSAGE);
    })
    .catch((error: unknown) => {
      log.fatal({ err: error }, 'cannot start');
      process.stderr.write(`radio-hub: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}

start();
