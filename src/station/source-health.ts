import type { StreamSnapshot } from './stream-snapshot.js';

/** One stream source as staff see it: up or down, its listeners, and when it last answered. */
export interface SourceStatus {
  name: string;
  primary: boolean;
  /** Its status page answered at the last poll. */
  reachable: boolean;
  /** A source is connected on it (on air). */
  online: boolean;
  listeners: number;
  /** Unix seconds of the last poll it answered (null: never since this state began). */
  last_good_poll: number | null;
  /** Why the last poll of it failed. */
  error: string | null;
}

/** The single-source configuration's one source, named as the console shows it. */
const SINGLE_SOURCE = 'stream';

/**
 * Each source's health after a poll at `now` (Unix seconds): the snapshot's per-source answers
 * (or the snapshot itself for a single source), each keeping the time it last answered.
 */
export function sourcesAfter(previous: readonly SourceStatus[] | undefined, snapshot: StreamSnapshot, now: number): SourceStatus[] {
  const polled = snapshot.sources ?? [
    { name: SINGLE_SOURCE, primary: true, reachable: snapshot.reachable, online: snapshot.online, listeners: snapshot.listeners, ...(snapshot.error ? { error: snapshot.error } : {}) },
  ];
  return polled.map((source) => ({
    name: source.name,
    primary: source.primary,
    reachable: source.reachable,
    online: source.online,
    listeners: source.listeners,
    last_good_poll: source.reachable ? now : (previous?.find((p) => p.name === source.name)?.last_good_poll ?? null),
    error: source.error ?? null,
  }));
}
