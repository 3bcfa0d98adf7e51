const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Icecast takes metadata sent without `charset` as Latin-1 and re-encodes it: UTF-8 "Café"
 * arrives as "CafÃ©". When the text, read back as Latin-1 bytes, is valid UTF-8, that reading
 * is what the source meant. Genuine Latin-1 text ("Café" as one é) is not valid UTF-8 that way,
 * so it is left alone.
 */
export function repairLatin1Mojibake(text: string): string {
  if (!/[\u0080-\u00ff]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
  try {
    return strictUtf8.decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}

/** "Artist - Title" (as stream servers announce songs) into its parts; no separator means title only. */
export function splitSongText(text: string): { artist: string; title: string } | null {
  const clean = text.trim();
  if (!clean || clean === '-') return null;
  const at = clean.indexOf(' - ');
  if (at < 0) return { artist: '', title: clean };
  const artist = clean.slice(0, at).trim();
  const title = clean.slice(at + 3).trim();
  return title ? { artist, title } : { artist: '', title: artist };
}

/**
 * A bitrate in kbps from what servers print: `128`, `"128"`, `128 kbps`, `128k`, `128 kb/s`.
 * Anything else (an Ogg encoder's `Quality 4,00`, `0`, text) is not a bitrate: null, so the
 * reader can look at the next field that may hold one.
 */
export function kbpsOf(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:k|kbps|kbit\/s|kb\/s|kbit)?\s*$/i.exec(text);
  if (!match) return null;
  const kbps = Math.round(Number(match[1]));
  return kbps > 0 ? kbps : null;
}

/** Codec name from a stream's content type, for `quality` ("128kbps MP3"). */
export function codecOf(contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  const known: Record<string, string> = {
    'audio/mpeg': 'MP3',
    'audio/mp3': 'MP3',
    'audio/aac': 'AAC',
    'audio/aacp': 'AAC+',
    'audio/x-aac': 'AAC',
    'audio/ogg': 'Ogg',
    'application/ogg': 'Ogg',
    'audio/opus': 'Opus',
    'audio/flac': 'FLAC',
    'audio/webm': 'WebM',
  };
  return known[type] ?? (type ? type.replace(/^audio\//, '').toUpperCase() : null);
}

/**
 * Character references in status text: SHOUTcast's 7.html escapes titles as HTML, and Icecast's
 * XSL writes characters beyond Latin-1 as "&#339;" even inside its JSON.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  const codePoint = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');
  return text
    .replace(/&#(\d{1,7});/g, (_, code: string) => codePoint(Number(code)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, code: string) => codePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
