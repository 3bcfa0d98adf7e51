import type { Clock } from '../../station/clock.js';
import type { ActiveBan, BanTarget } from '../../station/model.js';
import type { ModerationStore } from '../../station/ports.js';

/** Bans and last messages of this one process; expired entries are dropped as they are met. */
export class MemoryModerationStore implements ModerationStore {
  private readonly banUntil = new Map<string, { until: number; label: string }>();
  private readonly lastMessages = new Map<string, { fingerprint: string; until: number }>();

  constructor(private readonly clock: Clock) {}

  async ban(target: BanTarget, seconds: number, label = target.value): Promise<void> {
    this.banUntil.set(banKey(target), { until: this.clock() + seconds * 1000, label });
  }

  async isBanned(nickname: string, ip: string): Promise<boolean> {
    return this.active(banKey({ kind: 'nickname', value: nickname })) || this.active(banKey({ kind: 'ip', value: ip }));
  }

  async bans(): Promise<ActiveBan[]> {
    const now = this.clock();
    const active: ActiveBan[] = [];
    for (const [key, { until, label }] of this.banUntil) {
      if (until <= now) this.banUntil.delete(key);
      else active.push({ ...targetOfKey(key), label, until: Math.ceil(until / 1000) });
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

export const banKey = (target: BanTarget) => `${target.kind}:${target.kind === 'nickname' ? target.value.toLowerCase() : target.value}`;

/** The inverse of banKey (an IPv6 address has colons of its own: split at the first one only). */
export function targetOfKey(key: string): BanTarget {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon) as BanTarget['kind'], value: key.slice(colon + 1) };
}
