import { createHmac, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import type { HeardListener } from '../station/stream-snapshot.js';
import type { Clock } from '../station/clock.js';
import type { CountryLookup } from './country-lookup.js';
import type { ListenerConnection } from './listener-list.js';
import { playerName } from './player-name.js';

export type AnalyticsLevel = 'full' | 'no_ip' | 'none';

/**
 * Turns a listener connection into what the reports may keep (the analytics level's privacy
 * rule has its one home here): the session is the server's own listener id on its source, the
 * player and the country are derived, and the address leaves the poll only under `full`. Under
 * `no_ip` distinct listeners are counted by an HMAC of the address whose key is random, held in
 * this process only, and replaced at each station midnight: a plain hash of an IPv4 address can
 * be reversed by trying all 2^32, a keyed hash without its key cannot.
 */
export class ListenerDescriber {
  private secret = { day: '', key: Buffer.alloc(0) };

  constructor(
    private readonly level: Exclude<AnalyticsLevel, 'none'>,
    private readonly timezone: string,
    private readonly countries: CountryLookup,
    private readonly clock: Clock,
  ) {}

  /** Null for a connection without the server's id: it cannot be followed from poll to poll. */
  describe(listener: ListenerConnection, source: string): HeardListener | null {
    if (!listener.id) return null;
    const heard: HeardListener = {
      session: `${source}#${listener.id}`,
      mount: source,
      connectedSeconds: listener.connectedSeconds,
      player: playerName(listener.userAgent),
      country: this.countries.countryOf(listener.address),
      visitor: this.level === 'full' ? listener.address : this.keyedHash(listener.address),
    };
    if (this.level === 'full') heard.address = listener.address;
    return heard;
  }

  private keyedHash(address: string): string {
    const day = DateTime.fromMillis(this.clock(), { zone: this.timezone }).toISODate()!;
    if (this.secret.day !== day) this.secret = { day, key: randomBytes(32) };
    return createHmac('sha256', this.secret.key).update(address).digest('base64url').slice(0, 16);
  }
}
