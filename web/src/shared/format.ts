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
