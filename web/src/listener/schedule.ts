import type { Occurrence, ScheduleData } from '../shared/bootstrap.js';
import { dayAndTime, listenerZone } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

export type { Occurrence, ScheduleData };

/** The show on now and the next ones, from the bootstrap's list, as of `nowMs` (no REST call). */
export function scheduleAt(schedule: ScheduleData | null, nowMs: number): { current: Occurrence | null; next: Occurrence[] } {
  if (!schedule) return { current: null, next: [] };
  const now = nowMs / 1000;
  const all = [...(schedule.current ? [schedule.current] : []), ...schedule.upcoming].filter((o) => o.ends_at > now);
  const onAir = all.filter((o) => o.starts_at <= now);
  // A one-off event overrides the regular show it overlaps (as the API's `current`).
  const current = onAir.find((o) => o.type === 'event') ?? onAir[0] ?? null;
  const next = all.filter((o) => o.starts_at > now && o.id !== current?.id).slice(0, 3);
  return { current, next };
}

/**
 * Now and next, every time in the listener's zone (the one clock rule), said under the list.
 * Off air, the current slot is "scheduled now": the page never says a show is on that nobody hears.
 */
export function Schedule({ schedule, nowMs, onAir }: { schedule: ScheduleData | null; nowMs: number; onAir: boolean }) {
  const { current, next } = scheduleAt(schedule, nowMs);
  const host = (o: Occurrence) => (o.host ? html` <span class="muted">${t.withHost(o.host)}</span>` : '');
  return html`${
      !current && next.length === 0
        ? html`<p class="muted">${t.scheduleNone}</p>`
        : html`<dl class="schedule">
            ${
              current &&
              html`<div>
                <dt>${onAir ? t.scheduleNow : t.scheduleNowOffAir}</dt>
                <dd><strong>${current.title}</strong>${host(current)} <span class="muted">· ${t.until(dayAndTime(current.ends_at, nowMs))}</span></dd>
              </div>`
            }
            ${next.map(
              (o, i) =>
                html`<div key=${`${o.id}:${o.starts_at}`}>
                  <dt>${i === 0 ? t.scheduleNext : ''}</dt>
                  <dd><strong>${o.title}</strong>${host(o)} <span class="muted">· ${t.at(dayAndTime(o.starts_at, nowMs))}</span></dd>
                </div>`,
            )}
          </dl>`
    }
    <p class="zone-note muted" id="clock-rule">${t.timesInYourZone(listenerZone)}</p>`;
}
