// Dates and times in the station's zone for the console's native date and time fields (the browser
// may be anywhere): a wall time there ⇄ an ISO 8601 instant with the zone's offset, from Intl alone.

const partsIn = (ms: number, zone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
};

/** The zone's offset from UTC at an instant, in minutes (Madrid in winter: 60). */
function offsetMinutes(ms: number, zone: string): number {
  const p = partsIn(ms, zone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** "+01:00" */
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${two(Math.floor(Math.abs(minutes) / 60))}:${two(Math.abs(minutes) % 60)}`;

/**
 * The wall time `date` ("2026-12-24") `time` ("22:00") in `zone` as ISO 8601 with that moment's
 * offset ("2026-12-24T22:00:00+01:00"); a time the spring-forward night skips lands after the jump.
 */
export function zonedIso(date: string, time: string, zone: string): string {
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guess, then at the instant it gives (right on either side of a change).
  let offset = offsetMinutes(wall, zone);
  offset = offsetMinutes(wall - offset * 60_000, zone);
  const instant = wall - offset * 60_000;
  // Written as the zone shows that instant, with the offset it has then (a skipped 02:30 is 03:30+02:00).
  const p = partsIn(instant, zone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:00${offsetText(offsetMinutes(instant, zone))}`;
}

/** An ISO instant as the date and time fields show it in `zone`. */
export function zonedFields(iso: string, zone: string): { date: string; time: string } {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return { date: '', time: '' };
  const p = partsIn(ms, zone);
  return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
}

/** "22:00 24/12/2026"-free wording: the instant in the zone as the list shows it ("Thu 24 Dec 2026, 22:00"). */
export function zonedText(iso: string, zone: string, language: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return new Intl.DateTimeFormat(language || undefined, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}
