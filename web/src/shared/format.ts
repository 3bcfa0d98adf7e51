/** Clock time of a Unix-seconds instant, in the station's zone when given. */
export function clockTime(unixSeconds: number, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, { hour: '2-digit', minute: '2-digit', timeZone }).format(unixSeconds * 1000);
  } catch {
    return new Date(unixSeconds * 1000).toLocaleTimeString();
  }
}

export function dateTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Reads a number from <html data-…> (written by the server from its config). */
export function pageNumber(name: string, fallback: number): number {
  const value = Number(document.documentElement.dataset[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * The one clock rule of the listener page and the widgets: every time is shown in the
 * listener's own zone (the schedule's station-zone times are converted), and the page says so.
 */
export const listenerZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
})();

/** "14:05" today, "Tue 14:05" another day, in the listener's zone. */
export function dayAndTime(unixSeconds: number, nowMs = Date.now()): string {
  const lang = document.documentElement.lang || undefined;
  const sameDay = new Date(unixSeconds * 1000).toDateString() === new Date(nowMs).toDateString();
  return new Intl.DateTimeFormat(lang, sameDay ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(unixSeconds * 1000);
}

/** An artwork URL for a song from the station's template ({artist}, {title}), or null. */
export function artUrl(template: string | null | undefined, song: { artist: string; title: string; art?: string }): string | null {
  if (song.art) return song.art;
  if (!template) return null;
  return template.replace(/\{artist\}/g, encodeURIComponent(song.artist)).replace(/\{title\}/g, encodeURIComponent(song.title));
}

/** A duration as a clock reads it: "3:07", "1:02:03". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}
