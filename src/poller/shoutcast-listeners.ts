import { fetchStatus } from './fetch-status.js';
import { countOf, objectOf, parseLenientJson, textOf } from './lenient-json.js';
import { basicAuth, type AdminCredentials, type ListenerConnection, type ListenerListReader } from './listener-list.js';

/**
 * SHOUTcast DNAS v2 `/admin.cgi?sid=N&mode=viewjson&page=3` (HTTP basic auth, user `admin`): a
 * JSON array with one entry per connection: `hostname`, `connecttime` (seconds), `uid`, ….
 * The address is `hostname`, the peer the DNAS saw; `xff` is whatever the client claimed, so it
 * could make one listener look like many.
 */
export class Shoutcast2ListenerList implements ListenerListReader {
  readonly url: string;

  constructor(
    statusUrl: string,
    streamId: number,
    private readonly admin: AdminCredentials,
  ) {
    const url = new URL('/admin.cgi', statusUrl);
    url.search = new URLSearchParams({ sid: String(streamId), mode: 'viewjson', page: '3' }).toString();
    this.url = url.href;
  }

  async read(): Promise<ListenerConnection[]> {
    return parseShoutcastListeners((await fetchStatus(this.url, basicAuth(this.admin))).text);
  }
}

/** Throws when the answer is not a listener list. */
export function parseShoutcastListeners(text: string): ListenerConnection[] {
  const list = parseLenientJson(text);
  if (!Array.isArray(list)) throw new Error(`admin.cgi listener page is not a JSON array: ${JSON.stringify(text.slice(0, 80))}`);
  const listeners: ListenerConnection[] = [];
  for (const entry of list.map(objectOf)) {
    const address = textOf(entry?.hostname).trim();
    // "EMPTY" is how the DNAS writes a missing User-Agent.
    const userAgent = textOf(entry?.useragent).trim();
    if (address) listeners.push({ address, connectedSeconds: countOf(entry?.connecttime), id: textOf(entry?.uid).trim() || null, userAgent: userAgent === 'EMPTY' ? '' : userAgent });
  }
  return listeners;
}
