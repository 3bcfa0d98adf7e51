import en, { type Strings } from '../i18n/en.js';
import es from '../i18n/es.js';

const languages: Record<string, Strings> = { en, es };

/** The strings of a language (the server writes station.language into <html lang>); English otherwise. */
export function stringsFor(language: string | null | undefined): Strings {
  return languages[(language ?? '').slice(0, 2).toLowerCase()] ?? en;
}

export const t: Strings = stringsFor(typeof document === 'undefined' ? 'en' : document.documentElement.lang);

/** "3 minutes" or "40 seconds". */
export function waitText(seconds: number, strings: Strings = t): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s >= 90 ? strings.minutes(Math.ceil(s / 60)) : strings.seconds(s);
}
