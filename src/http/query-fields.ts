/** What makes a query's text differ from its values: percent-escapes, `+` for a space, and a leading `?` (dropped). */
const ESCAPED = /^\?|[%+]/;

/**
 * The fields of a query string, as `Object.fromEntries(new URLSearchParams(raw))` reads them (a
 * repeated name: the last one). Most queries escape nothing (`?events=nowplaying,chat:message`):
 * their text is their values, split here by hand instead of through the parser, its iterator
 * and an array per field (~3 µs of an SSE connect, bench/connect-profile.mjs). A fresh object
 * each time: validation may add defaults to it.
 */
export function queryFields(raw: string): Record<string, string> {
  if (raw === '') return {};
  if (ESCAPED.test(raw)) return Object.fromEntries(new URLSearchParams(raw));
  const fields: Record<string, string> = {};
  for (let at = 0; at <= raw.length;) {
    let end = raw.indexOf('&', at);
    if (end < 0) end = raw.length;
    if (end > at) {
      const eq = raw.indexOf('=', at);
      const named = eq >= 0 && eq < end;
      const name = raw.slice(at, named ? eq : end);
      // An assignment would set the object's prototype, where fromEntries makes a field.
      if (name === '__proto__') return Object.fromEntries(new URLSearchParams(raw));
      fields[name] = named ? raw.slice(eq + 1, end) : '';
    }
    at = end + 1;
  }
  return fields;
}
