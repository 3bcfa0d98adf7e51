import type { Clock } from '../../station/clock.js';
import type { ActiveBan, BanNote, BanTarget } from '../../station/model.js';
import type { ModerationStore } from '../../station/ports.js';

/** Undo records kept at most; past it the oldest go first (each lives seconds anyway). */
const MAX_UNDO_RECORDS = 1000;

/** Bans, last messages and undo records of this one process; expired entries are dropped as they are met. */
export class MemoryModerationStore implements ModerationStore {
  private readonly banUntil = new Map<string, { until: number; note: BanNote }>();
  private readonly lastMessages = new Map<string, { fingerprint: string; until: number }>();
  private readonly undo = new Map<string, { payload: string; until: number }>();

  constructor(private readonly clock: Clock) {}

  async ban(target: BanTarget, seconds: number, note: BanNote): Promise<void> {
    this.banUntil.set(banKey(target), { until: this.clock() + seconds * 1000, note });
  }

  async isBanned(nickname: string, ip: string): Promise<boolean> {
    return bannedKeys(nickname, ip).some((key) => this.active(key));
  }

  async bans(): Promise<ActiveBan[]> {
    const now = this.clock();
    const active: ActiveBan[] = [];
    for (const [key, { until, note }] of this.banUntil) {
      if (until <= now) this.banUntil.delete(key);
      else active.push({ ...targetOfKey(key), ...note, until: Math.ceil(until / 1000) });
    }
    return active.sort((a, b) => a.until - b.until);
  }

  async unban(target: BanTarget): Promise<boolean> {
    const key = banKey(target);
    const wasActive = this.active(key);
    this.banUntil.delete(key);
    return wasActive;
  }

  async repeatsLast(sender: string, fingerprint: string, windowSeconds: number): Promise<boolean> {
    const now = this.clock();
    const last = this.lastMessages.get(sender);
    this.lastMessages.set(sender, { fingerprint, until: now + windowSeconds * 1000 });
    if (this.lastMessages.size > 10_000) this.dropExpired(now);
    return last !== undefined && last.until > now && last.fingerprint === fingerprint;
  }

  async keepUndo(token: string, payload: string, seconds: number): Promise<void> {
    const now = this.clock();
    if (this.undo.size >= MAX_UNDO_RECORDS) {
      for (const [key, record] of this.undo) if (record.until <= now) this.undo.delete(key);
      // Still full: the oldest record (the Map keeps insertion order) makes room.
      if (this.undo.size >= MAX_UNDO_RECORDS) this.undo.delete(this.undo.keys().next().value!);
    }
    this.undo.set(token, { payload, until: now + seconds * 1000 });
  }

  async takeUndo(token: string): Promise<string | null> {
    const record = this.undo.get(token);
    this.undo.delete(token);
    return record && record.until > this.clock() ? record.payload : null;
  }

  private active(key: string): boolean {
    const until = this.banUntil.get(key)?.until;
    if (until === undefined) return false;
    if (until > this.clock()) return true;
    this.banUntil.delete(key);
    return false;
  }

  private dropExpired(now: number): void {
    for (const [sender, entry] of this.lastMessages) if (entry.until <= now) this.lastMessages.delete(sender);
  }
}

/** The keys a message from this nickname skeleton and client is refused by: its nickname, an address ban, a sender ban. */
export const bannedKeys = (nickname: string, client: string) => [
  banKey({ kind: 'nickname', value: nickname }),
  banKey({ kind: 'ip', value: client }),
  banKey({ kind: 'sender', value: client }),
];

export const banKey = (target: BanTarget) => `${target.kind}:${target.kind === 'nickname' ? target.value.toLowerCase() : target.value}`;

/** The inverse of banKey (an IPv6 address has colons of its own: split at the first one only). */
export function targetOfKey(key: string): BanTarget {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon) as BanTarget['kind'], value: key.slice(colon + 1) };
}

/** A ban's note as stored text (JSON); bans stored before notes existed hold '1' or a bare label. */
export function noteOf(stored: string | null | undefined, value: string): BanNote {
  if (stored?.startsWith('{')) {
    try {
      return { label: value, by: null, reason: null, since: null, ref: null, ...(JSON.parse(stored) as Partial<BanNote>) };
    } catch {
      // Not a note after all: read as a label below.
    }
  }
  return { label: stored && stored !== '1' ? stored : value, by: null, reason: null, since: null, ref: null };
}
