// The ledger's index by time, the same in both stores: one entry per recorded event,
// "<occurred_at, 12 digits>|<idempotency key>", so text order is time order (ties by key) and an
// entry is also the cursor of the page that ends on it. Redis keeps them in a sorted set with score
// 0 (ZRANGE BYLEX reads a range and a page in O(log n + page)); memory in a sorted array.

/** Unix seconds as 12 digits (enough until the year 33658; money before 1970 is refused upstream). */
const padded = (seconds: number) => String(Math.max(0, Math.floor(seconds))).padStart(12, '0');

/** The index entry of an event recorded under `idempotencyKey`. */
export const timeEntry = (occurredAt: number, idempotencyKey: string) => `${padded(occurredAt)}|${idempotencyKey}`;

/** The idempotency key an index entry points to (the events are kept by key). */
export const keyOfEntry = (entry: string) => entry.slice(13);

/** The first entry at or after `seconds` sorts after this; the last before `seconds` sorts before it. */
export const timeBound = (seconds: number) => `${padded(seconds)}|`;

/** A cursor the index could have handed out (anything else is ignored: the page starts at `from`). */
export const isTimeEntry = (cursor: string) => /^[0-9]{12}\|./s.test(cursor);
