import cron, { type RunCoordinator, type ScheduledTask, type TaskContext } from 'node-cron';
import type { Logger } from 'pino';
import type { Store } from '../station/ports.js';
import type { StationPoller } from './station-poller.js';
import { TroubleFold, type Episode } from '../trouble-fold.js';

/** A trouble must stay away this long before its episode is over (and logged as over). */
const QUIET_MS = 60_000;

/**
 * Polls every `pollSeconds` with node-cron, never two polls at once (noOverlap). With a shared
 * store, every tick is an election through `store.claim`: exactly one node polls it, and when
 * that node dies the next tick simply goes to another one.
 *
 * node-cron would log one warning per missed tick (a 60 s stall at 1 s polls: 60 lines) and per
 * tick skipped behind a slow poll (a hanging stream server: one a second), and one error per tick
 * whose election fails (a Redis outage). Its own lines go to `debug`; its events are folded into
 * one line when each trouble starts and one with the count when it has been away for a minute.
 */
export function schedulePolling(poller: Pick<StationPoller, 'tick'>, options: { pollSeconds: number; store: Store; log: Logger }): { stop(): Promise<void> } {
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
      // Missed and overlapping ticks: folded from the events below.
      warn: (message) => log.debug(message),
      error: (message, err) => {
        // A failed election is folded from the skip event; anything else is rare and logged as is.
        if (typeof message === 'string' && message.startsWith('Run coordinator failed')) log.debug({ err }, message);
        else log.error({ err: err ?? message }, typeof message === 'string' ? message : 'poll task error');
      },
      debug: (message) => log.debug(typeof message === 'string' ? message : { err: message }),
    },
  });
  const folds = pollFolds(log, pollSeconds);
  task.on('execution:missed', () => folds.missed.happened());
  task.on('execution:overlap', () => {
    folds.overlap.happened();
    folds.missed.fine();
  });
  task.on('execution:skipped', (context: TaskContext) => {
    if (context.reason === 'coordinator-error') {
      folds.election.happened();
    } else {
      folds.election.fine();
      folds.missed.fine();
    }
  });
  task.on('execution:started', () => {
    folds.election.fine();
    folds.missed.fine();
    folds.overlap.fine();
  });
  return {
    stop: async () => {
      await task.stop();
      await task.destroy();
    },
  };
}

function pollFolds(log: Logger, pollSeconds: number) {
  const clock = Date.now;
  const at = (time: number) => new Date(time).toISOString();
  // A stall makes node-cron report every missed tick at once: the first line waits for the
  // burst to be counted (the rest of this turn of the event loop).
  const missed = new TroubleFold(
    QUIET_MS,
    clock,
    (episode) => setImmediate(() => log.warn({ missed: episode.count, pollSeconds, since: at(episode.startedAt) }, 'poll ticks missed: the event loop was blocked or the clock jumped')),
    (episode: Episode) => log.info({ missed: episode.count, since: at(episode.startedAt), until: at(episode.lastAt) }, 'poll ticks on time again'),
  );
  const overlap = new TroubleFold(
    QUIET_MS,
    clock,
    () => log.warn({ pollSeconds }, 'a poll outlasted its tick: the next ticks are skipped while it runs'),
    (episode) => log.info({ skipped: episode.count, since: at(episode.startedAt), until: at(episode.lastAt) }, 'polls fit their ticks again'),
  );
  const election = new TroubleFold(
    QUIET_MS,
    clock,
    () => log.error({ pollSeconds }, 'poll election failed (the store did not answer): ticks are skipped'),
    (episode) => log.info({ skipped: episode.count, since: at(episode.startedAt), until: at(episode.lastAt) }, 'poll elections work again'),
  );
  return { missed, overlap, election };
}
