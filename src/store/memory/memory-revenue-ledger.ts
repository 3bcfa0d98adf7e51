import type { DailyRevenue, RecordOutcome, RevenueEvent } from '../../station/model.js';
import type { RevenueLedger } from '../../station/ports.js';
import { checkLedgerEntry } from '../../station/input/money-rules.js';

/** Revenue in process memory (the default store; a real station runs on Redis). */
export class MemoryRevenueLedger implements RevenueLedger {
  private readonly byKey = new Map<string, { fingerprint: string; event: RevenueEvent }>();
  private readonly daily = new Map<string, DailyRevenue>();

  async record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome> {
    // Checked before anything is written, as the Redis script does: a refused entry leaves no trace.
    checkLedgerEntry(event, day);
    const seen = this.byKey.get(idempotencyKey);
    if (seen) return seen.fingerprint === fingerprint ? { kind: 'replayed', event: structuredClone(seen.event) } : { kind: 'conflict' };
    this.byKey.set(idempotencyKey, { fingerprint, event: structuredClone(event) });
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
}
