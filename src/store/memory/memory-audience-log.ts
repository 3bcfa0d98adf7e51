import { DateTime } from 'luxon';
import type { AudienceNow, AudienceStep, DayAggregate, PlayAudience } from '../../station/audience-model.js';
import type { AudienceLog } from '../../station/ports.js';

interface Day {
  fields: Map<string, number>;
  visitors: Set<string>;
  plays: PlayAudience[];
}

/** Distinct listeners remembered per day at most: past it a day's count stops growing (a station on memory is one process, not a large one). */
const MAX_VISITORS_PER_DAY = 100_000;

/** The audience in process memory: days pruned past the retention, open sessions bounded by the listeners now. */
export class MemoryAudienceLog implements AudienceLog {
  private readonly open = new Map<string, number>();
  private play: PlayAudience | null = null;
  private polledAt: number | null = null;
  private readonly byDay = new Map<string, Day>();

  async now(): Promise<AudienceNow> {
    return { sessions: [...this.open].map(([session, startedAt]) => ({ session, startedAt })), play: this.play && { ...this.play }, polledAt: this.polledAt };
  }

  async commit(step: AudienceStep): Promise<void> {
    for (const { session, startedAt } of step.opened) this.open.set(session, startedAt);
    for (const session of step.closed) this.open.delete(session);
    for (const [day, field, amount] of step.add) {
      const fields = this.day(day).fields;
      fields.set(field, (fields.get(field) ?? 0) + amount);
    }
    for (const [day, field, value] of step.max) {
      const fields = this.day(day).fields;
      if (value > (fields.get(field) ?? 0)) fields.set(field, value);
    }
    for (const [day, token] of step.visitors) {
      const visitors = this.day(day).visitors;
      if (visitors.size < MAX_VISITORS_PER_DAY) visitors.add(token);
    }
    for (const [day, play] of step.finished) this.day(day).plays.push({ ...play });
    this.play = step.play && { ...step.play };
    this.polledAt = step.polledAt;
    const oldest = DateTime.fromSeconds(step.polledAt, { zone: 'UTC' })
      .minus({ days: step.keepDays + 1 })
      .toISODate()!;
    for (const day of this.byDay.keys()) if (day < oldest) this.byDay.delete(day);
  }

  async days(fromDay: string, toDay: string): Promise<DayAggregate[]> {
    return this.within(fromDay, toDay).map(([day, { fields, visitors }]) => ({ day, fields: Object.fromEntries(fields), visitors: visitors.size }));
  }

  async plays(fromDay: string, toDay: string): Promise<PlayAudience[]> {
    return this.within(fromDay, toDay).flatMap(([, { plays }]) => plays.map((play) => ({ ...play })));
  }

  private within(fromDay: string, toDay: string): Array<[string, Day]> {
    return [...this.byDay].filter(([day]) => day >= fromDay && day <= toDay).sort(([a], [b]) => a.localeCompare(b));
  }

  private day(day: string): Day {
    let found = this.byDay.get(day);
    if (!found) this.byDay.set(day, (found = { fields: new Map(), visitors: new Set(), plays: [] }));
    return found;
  }
}
