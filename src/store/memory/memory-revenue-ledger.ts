import type { DailyRevenue, RecordOutcome, RevenueEvent } from '../../station/model.js';
import type { RevenueLedger, RevenuePage } from '../../station/ports.js';
import { checkLedgerEntry } from '../../station/input/money-rules.js';
import { isTimeEntry, keyOfEntry, timeBound, timeEntry } from '../revenue-time-index.js';

/** Where `entry` goes in (or is in) the sorted `list`: the first index whose entry is not less than it. */
function lowerBound(list: readonly string[], entry: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < entry) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Revenue in process memory (the default store; a real station runs on Redis). */
export class MemoryRevenueLedger implements RevenueLedger {
  private readonly byKey = new Map<string, { fingerprint: string; event: RevenueEvent }>();
  private readonly daily = new Map<string, DailyRevenue>();
  /** The index by time (revenue-time-index.ts), kept sorted. */
  private readonly byTime: string[] = [];

  async record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome> {
    // Checked before anything is written, as the Redis script does: a refused entry leaves no trace.
    checkLedgerEntry(event, day);
    const seen = this.byKey.get(idempotencyKey);
    if (seen) return seen.fingerprint === fingerprint ? { kind: 'replayed', event: structuredClone(seen.event) } : { kind: 'conflict' };
    this.byKey.set(idempotencyKey, { fingerprint, event: structuredClone(event) });
    const entry = timeEntry(event.occurred_at, idempotencyKey);
    this.byTime.splice(lowerBound(this.byTime, entry), 0, entry);
    const bucket = `${day}|${event.currency}|${event.type}`;
    const total = this.daily.get(bucket) ?? { date: day, currency: event.currency, type: event.type, amount: 0, count: 0 };
    total.amount += event.amount;
    total.count += 1;
    this.daily.set(bucket, total);
    return { kind: 'created', event: structuredClone(event) };
  }

  async dailyTotals(fromDay: string, toDay: string): Promise<DailyRevenue[]> {
    return [...this.daily.values()].filter((d) => d.date >= fromDay && d.date <= toDay).map((d) => ({ ...d }));
  }

  async eventsBetween(fromSeconds: number, toSeconds: number, page: { after: string | null; limit: number }): Promise<RevenuePage> {
    const from = timeBound(fromSeconds);
    const after = page.after !== null && isTimeEntry(page.after) && page.after >= from ? page.after : null;
    let at = after === null ? lowerBound(this.byTime, from) : lowerBound(this.byTime, after);
    if (after !== null && this.byTime[at] === after) at++;
    const end = timeBound(toSeconds);
    const entries: string[] = [];
    // One more than asked: whether a next page exists.
    while (at < this.byTime.length && entries.length <= page.limit && this.byTime[at]! < end) entries.push(this.byTime[at++]!);
    const shown = entries.slice(0, page.limit);
    return {
      events: shown.map((entry) => structuredClone(this.byKey.get(keyOfEntry(entry))!.event)),
      next: entries.length > page.limit ? shown.at(-1)! : null,
    };
  }
}
