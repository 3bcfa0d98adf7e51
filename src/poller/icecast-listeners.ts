import { fetchStatus } from './fetch-status.js';
import { basicAuth, type AdminCredentials, type ListenerConnection, type ListenerListReader } from './listener-list.js';
import { decodeHtmlEntities } from './stream-text.js';

/** The text of the first `<tag>` (any letter case: 2.4 writes `<IP>`, 2.5 `<ip>`) inside `xml`. */
function element(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'i').exec(xml);
  return match ? decodeHtmlEntities(match[1]!).trim() : null;
}

/**
 * Icecast `/admin/listclients?mount=…` (HTTP basic auth with the admin user): XML with one
 * `<listener>` per connection, each with its `<IP>` and `<Connected>` seconds.
 */
export class IcecastListenerList implements ListenerListReader {
  readonly url: string;

  constructor(
    statusUrl: string,
    mount: string,
    private readonly admin: AdminCredentials,
  ) {
    const url = new URL('/admin/listclients', statusUrl);
    url.searchParams.set('mount', mount);
    this.url = url.href;
  }

  async read(): Promise<ListenerConnection[]> {
    return parseIcecastListeners((await fetchStatus(this.url, basicAuth(this.admin))).text);
  }
}

/** Throws when the answer is not a listener list (a login page, an error page). */
export function parseIcecastListeners(xml: string): ListenerConnection[] {
  if (!/<icestats[\s>]/i.test(xml)) throw new Error(`listclients is not an Icecast listener list: ${JSON.stringify(xml.slice(0, 80))}`);
  const listeners: ListenerConnection[] = [];
  for (const [, attributes, body] of xml.matchAll(/<listener(\s[^>]*)?>([\s\S]*?)<\/listener>/gi)) {
    const address = element(body!, 'ip');
    if (!address) continue;
    const connected = Number(element(body!, 'connected'));
    // 2.4 writes the id as an element, 2.5 as an attribute.
    const id = element(body!, 'id') ?? /\sid="([^"]*)"/i.exec(attributes ?? '')?.[1] ?? null;
    listeners.push({
      address,
      connectedSeconds: Number.isFinite(connected) && connected >= 0 ? connected : null,
      id: id || null,
      userAgent: element(body!, 'useragent') ?? '',
    });
  }
  return listeners;
}
