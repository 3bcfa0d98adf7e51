// Which items of the programme a show or event being edited overlaps: a warning only (two
// shows may share a slot on purpose, a special inside a weekly one), never a refusal.

export interface ShowTimes {
  id: string;
  title: string;
  days: string[];
  start: string;
  end: string;
}
export interface EventTimes {
  id: string;
  title: string;
  start: string;
  end: string;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEK = 7 * 1440;
const minutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** A show's airings as minute intervals of the week (one ending before it starts runs past midnight). */
function weekIntervals(show: Omit<ShowTimes, 'id' | 'title'>): Array<[number, number]> {
  const start = minutes(show.start);
  let end = minutes(show.end);
  if (end <= start) end += 1440;
  return show.days.flatMap((day) => {
    const base = DAYS.indexOf(day) * 1440;
    if (base < 0) return [];
    const from = base + start;
    const to = base + end;
    // Sunday night into Monday wraps round the week.
    return to > WEEK
      ? ([
          [from, WEEK],
          [0, to - WEEK],
        ] as Array<[number, number]>)
      : [[from, to] as [number, number]];
  });
}

const intersects = (a: Array<[number, number]>, b: Array<[number, number]>) => a.some(([s1, e1]) => b.some(([s2, e2]) => s1 < e2 && s2 < e1));

/** The other shows `show` shares air time with. */
export function showOverlaps(show: Omit<ShowTimes, 'title'>, shows: readonly ShowTimes[]): ShowTimes[] {
  if (!show.start || !show.end || show.days.length === 0) return [];
  const mine = weekIntervals(show);
  return shows.filter((other) => other.id !== show.id && intersects(mine, weekIntervals(other)));
}

/** The other one-off events whose time `event` shares. */
export function eventOverlaps(event: Omit<EventTimes, 'title'>, events: readonly EventTimes[]): EventTimes[] {
  const start = Date.parse(event.start);
  const end = Date.parse(event.end);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [];
  return events.filter((other) => other.id !== event.id && Date.parse(other.start) < end && start < Date.parse(other.end));
}
