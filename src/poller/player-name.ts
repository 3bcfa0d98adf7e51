import UAParser from 'ua-parser-js';

// ua-parser-js knows browsers, apps and bots; radio is also heard in media players it does not
// name, so the common ones are added here (its extension format: a pattern, then what it sets).
const { NAME, VERSION } = UAParser.BROWSER;
const MEDIA_PLAYERS = {
  browser: [
    [/\b(?:lib)?vlc\/([\w.]+)/i],
    [VERSION, [NAME, 'VLC']],
    [/\bwinamp(?:mpeg)?\/([\w.]+)/i],
    [VERSION, [NAME, 'Winamp']],
    [/\bfoobar2000\/([\w.]+)/i],
    [VERSION, [NAME, 'foobar2000']],
    [/\bmpv\b[ /]?([\w.]+)?/i],
    [VERSION, [NAME, 'mpv']],
    [/\bitunes\/([\w.]+)/i],
    [VERSION, [NAME, 'iTunes']],
    [/\b(?:lavf|ffmpeg)\/([\w.]+)/i],
    [VERSION, [NAME, 'FFmpeg']],
    [/\bcurl\/([\w.]+)/i],
    [VERSION, [NAME, 'curl']],
  ],
};

/** The longest player name kept: names come from the parser's own lists, this only guards odd input. */
const MAX_NAME = 40;

/** The player's name from its User-Agent ('Other' when it names none the parser knows). */
export function playerName(userAgent: string): string {
  if (!userAgent) return 'Other';
  const name = new UAParser(userAgent.slice(0, 512), MEDIA_PLAYERS).getBrowser().name;
  return name ? name.slice(0, MAX_NAME) : 'Other';
}
