import { createHash, randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import type { DailyRevenue, RevenueEvent, RevenueType } from './model.js';
import type { RevenueLedger } from './ports.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { currencyCode, minorUnits, moneyDay, moneyInstant, staffMoneyId, type PaymentProviderName } from './input/money-rules.js';
import { dayRangeOf } from './day-range.js';

export interface RevenueInput {
  event_id?: string;
  type: RevenueType;
  amount: number;
  currency: string;
  occurred_at?: string;
  source?: string;
  metadata?: Record<string, string | number | boolean>;
}

/** A payment as the provider's adapter reads it from a verified event. */
export interface ProviderPayment {
  /** `stripe`: the event's source, and the namespace of its id. */
  provider: PaymentProviderName;
  /** The provider's event id: the event is recorded once per id. */
  eventId: string;
  type: RevenueType;
  /** Integer minor units; negative for a refund. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** The money-time form (input/money-rules.ts MONEY_TIME_PATTERN), e.g. `Date.toISOString()`. */
  occurred_at: string;
  metadata: Record<string, string | number | boolean>;
}

/** One day's sum in one currency, with its split by type. */
export interface DaySum {
  date: string;
  currency: string;
  amount: number;
  count: number;
  types: Array<{ type: RevenueType; amount: number; count: number }>;
}

const MAX_RANGE_DAYS = 366;
const DEFAULT_RANGE_DAYS = 30;
/** Events one export may hold: a station's year of cash, cheques and card payments, in a few MB of CSV. */
export const MAX_EXPORTED_EVENTS = 20_000;
/**
 * Events read from the ledger per round trip of an export: one Redis script reads this many
 * index entries and their events, well inside the command timeout on a busy server.
 */
const EXPORT_PAGE = 500;

/** JSON with sorted keys, so the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Revenue events recorded once each, and summed per day (station time zone) and currency. */
export class RevenueService {
  constructor(
    private readonly ledger: RevenueLedger,
    private readonly timezone: string,
    private readonly clock: Clock,
  ) {}

  /**
   * A revenue entry by staff (the admin endpoint, the console's cash and cheque form): the one
   * method every staff entry goes through. The event's identity is `event_id`, else the
   * Idempotency-Key header. A repeat with the same body is answered with the first event; the
   * same identity with another body is a conflict.
   */
  record(input: RevenueInput, idempotencyKey: string | undefined): Promise<{ created: boolean; event: RevenueEvent }> {
    // Ids and keys in a provider's namespace are the provider's: staff taking one would pre-empt its event.
    if (input.event_id !== undefined) staffMoneyId(input.event_id, 'event_id');
    if (idempotencyKey !== undefined) staffMoneyId(idempotencyKey, 'Idempotency-Key');
    return this.store({ ...input, amount: minorUnits(input.amount, 'amount') }, idempotencyKey);
  }

  /**
   * What a payment provider collected or refunded (its verified webhook): recorded once per
   * provider event, however often the provider delivers it. `amount` may be negative (a refund).
   */
  recordFromProvider(payment: ProviderPayment): Promise<{ created: boolean; event: RevenueEvent }> {
    const { provider, eventId, ...input } = payment;
    return this.store({ ...input, amount: minorUnits(input.amount, 'amount', 'either'), event_id: `${provider}:${eventId}`, source: provider }, undefined);
  }

  /** Every money path ends here: the whole event is checked (one parser per rule) before anything is written. */
  private async store(input: RevenueInput, idempotencyKey: string | undefined): Promise<{ created: boolean; event: RevenueEvent }> {
    const now = this.clock();
    const occurredMs = input.occurred_at !== undefined ? moneyInstant(input.occurred_at, 'occurred_at') : now;
    const day = moneyDay(occurredMs, this.timezone);
    const key = input.event_id ?? idempotencyKey;
    const event: RevenueEvent = {
      id: input.event_id ?? randomUUID(),
      type: input.type,
      amount: input.amount,
      currency: currencyCode(input.currency, 'currency'),
      occurred_at: toUnixSeconds(occurredMs),
      source: input.source || null,
      metadata: input.metadata ?? {},
      recorded_at: toUnixSeconds(now),
    };
    const fingerprint = createHash('sha256').update(canonical(input)).digest('hex');
    const outcome = await this.ledger.record(event, key ? `key:${key}` : `id:${event.id}`, fingerprint, day);
    if (outcome.kind === 'conflict') {
      throw new AppError('IDEMPOTENCY_CONFLICT', { message: `${input.event_id ? 'This event_id' : 'This Idempotency-Key'} was already used with a different body.` });
    }
    return { created: outcome.kind === 'created', event: outcome.event };
  }

  /**
   * Every event that occurred between two local dates (default: the last 30 days), oldest first,
   * with the station day each counts on: what the CSV export holds. Read from the ledger's index by
   * time a page at a time; a range holding more than MAX_EXPORTED_EVENTS is 400 (ask for fewer
   * days) rather than an answer without bound.
   */
  async eventsBetween(from: string | undefined, to: string | undefined) {
    const { start, end } = dayRangeOf(from, to, { timezone: this.timezone, clock: this.clock, maxDays: MAX_RANGE_DAYS, defaultDays: DEFAULT_RANGE_DAYS });
    const fromSeconds = start.toSeconds();
    const toSeconds = end.plus({ days: 1 }).toSeconds();
    const events: RevenueEvent[] = [];
    let after: string | null = null;
    do {
      const page = await this.ledger.eventsBetween(fromSeconds, toSeconds, { after, limit: EXPORT_PAGE });
      events.push(...page.events);
      after = page.next;
      if (events.length > MAX_EXPORTED_EVENTS) {
        throw new AppError('VALIDATION_FAILED', { details: [{ field: 'from', message: `the range holds more than ${MAX_EXPORTED_EVENTS} events; ask for fewer days` }] });
      }
    } while (after !== null);
    return {
      from: start.toISODate()!,
      to: end.toISODate()!,
      timezone: this.timezone,
      events: events.map((event) => ({ ...event, day: moneyDay(event.occurred_at * 1000, this.timezone) })),
    };
  }

  /** Sums per day and currency between two local dates (default: the last 30 days). */
  async summary(from: string | undefined, to: string | undefined) {
    const { start, end } = dayRangeOf(from, to, { timezone: this.timezone, clock: this.clock, maxDays: MAX_RANGE_DAYS, defaultDays: DEFAULT_RANGE_DAYS });
    const rows = (await this.ledger.dailyTotals(start.toISODate()!, end.toISODate()!)).sort(
      (a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency) || a.type.localeCompare(b.type),
    );
    const days = sumPerDay(rows);
    const totals = new Map<string, { currency: string; amount: number; count: number }>();
    for (const day of days) {
      const total = totals.get(day.currency) ?? { currency: day.currency, amount: 0, count: 0 };
      total.amount += day.amount;
      total.count += day.count;
      totals.set(day.currency, total);
    }
    return {
      from: start.toISODate()!,
      to: end.toISODate()!,
      timezone: this.timezone,
      days,
      totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    };
  }
}

/** The ledger's rows (day, currency, type) folded into one row per day and currency, types inside. */
function sumPerDay(rows: readonly DailyRevenue[]): DaySum[] {
  const days = new Map<string, DaySum>();
  for (const row of rows) {
    const key = `${row.date}|${row.currency}`;
    const day = days.get(key) ?? { date: row.date, currency: row.currency, amount: 0, count: 0, types: [] };
    day.amount += row.amount;
    day.count += row.count;
    day.types.push({ type: row.type, amount: row.amount, count: row.count });
    days.set(key, day);
  }
  return [...days.values()];
}
