import { clockTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

export interface Occurrence {
  id: string;
  title: string;
  host?: string;
  starts_at: number;
  ends_at: number;
}
export interface ScheduleData {
  timezone: string;
  current: Occurrence | null;
  upcoming: Occurrence[];
}

export function Schedule({ schedule }: { schedule: ScheduleData | null }) {
  if (!schedule) return html`<p class="muted">${t.loading}</p>`;
  const next = schedule.upcoming.find((o) => o.starts_at >= (schedule.current?.ends_at ?? 0) && o.id !== schedule.current?.id) ?? null;
  if (!schedule.current && !next) return html`<p class="muted">${t.scheduleNone}</p>`;
  const zone = schedule.timezone;
  return html`<dl class="schedule">
    ${
      schedule.current &&
      html`<div>
        <dt>${t.scheduleNow}</dt>
        <dd>
          <strong>${schedule.current.title}</strong>${schedule.current.host ? ` ${t.withHost(schedule.current.host)}` : ''}
          <span class="muted"> · ${t.until(clockTime(schedule.current.ends_at, zone))}</span>
        </dd>
      </div>`
    }
    ${
      next &&
      html`<div>
        <dt>${t.scheduleNext}</dt>
        <dd><strong>${next.title}</strong>${next.host ? ` ${t.withHost(next.host)}` : ''} <span class="muted"> · ${t.at(clockTime(next.starts_at, zone))}</span></dd>
      </div>`
    }
  </dl>`;
}
