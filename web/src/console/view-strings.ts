import en, { type ConsoleViewStrings } from '../i18n/console-views-en.js';
import es from '../i18n/console-views-es.js';

const languages: Record<string, ConsoleViewStrings> = { en, es };

/** The console views' words in the page's language (<html lang>), English otherwise. */
export const cv: ConsoleViewStrings = languages[(typeof document === 'undefined' ? 'en' : document.documentElement.lang).slice(0, 2).toLowerCase()] ?? en;
