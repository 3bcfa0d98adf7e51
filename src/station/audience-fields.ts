// The field names of a day's aggregate: one home for the recorder that writes them and the
// reports that read them.

export const FIELD = {
  /** Sessions that started that day. */
  sessions: 'sessions',
  /** Sessions that started that day and have ended, and their seconds summed. */
  ended: 'ended',
  endedSeconds: 'ended_s',
  /** Listener-seconds heard that day (connections × seconds between polls). */
  listenerSeconds: 'ls',
  peak: 'peak',
  /** Seconds on air with a source whose listener list could not be read: the day's figures miss them. */
  blindSeconds: 'blind_s',
} as const;

export const hourField = (hour: number, field: 'sessions' | 'ls' | 'peak') => `h${String(hour).padStart(2, '0')}:${field}`;
export const playerField = (name: string) => `player:${name}`;
export const countryField = (code: string) => `country:${code || '--'}`;
export const mountField = (name: string) => `mount:${name}`;
export const lengthField = (bucket: number) => `len:${bucket}`;

/**
 * Upper bounds (seconds) of the session-length histogram's buckets; the last is open. Medians
 * come from it, interpolated within a bucket, so a median is off by at most its bucket's width.
 */
export const LENGTH_BUCKETS = [30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10_800, 14_400, 21_600, 28_800, 43_200, 86_400, Infinity];

export const lengthBucketOf = (seconds: number) => LENGTH_BUCKETS.findIndex((upper) => seconds < upper);
