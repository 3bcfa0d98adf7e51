import cron, { type RunCoordinator, type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import type { Store } from '../station/ports.js';
import type { StationPoller } from './station-poller.js';

/**
 * Polls every `pollSeconds` with node-cron, never two polls at once (noOverlap). With a shared
 * store, every tick is an election through `store.claim`: exactly one node polls it, and when
 * that node dies the next tick simply goes to another one.
 */
export function schedulePolling(poller: StationPoller, options: { pollSeconds: number; store: Store; log: Logger }): { stop(): Promise<void> } {
  const { pollSeconds, store, log } = options;
  const shared = store.kind === 'redis';
  const coordinator: RunCoordinator = { shouldRun: (key, ttlMs) => store.claim(`poll:${key}`, ttlMs) };
  const task: ScheduledTask = cron.schedule(`*/${pollSeconds} * * * * *`, () => poller.tick(), {
    name: 'stream-poll',
    noOverlap: true,
    distributed: shared,
    runCoordinator: shared ? coordinator : undefined,
    // The claim for a tick outlives the tick, so a slow node cannot win it a second time.
    distributedLease: pollSeconds * 1000 * 2,
    logger: {
      info: (message) => log.debug(message),
      warn: (message) => log.warn(message),
      error: (message, err) => log.error({ err: err ?? message }, typeof message === 'string' ? message : 'poll task error'),
      debug: (message) => log.debug(typeof message === 'string' ? message : { err: message }),
    },
  });
  return {
    stop: async () => {
      await task.stop();
      await task.destroy();
    },
  };
}
