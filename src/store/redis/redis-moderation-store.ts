import { banKey } from '../memory/memory-moderation-store.js';
import type { BanTarget } from '../../station/model.js';
import type { ModerationStore } from '../../station/ports.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';

/** Bans as expiring keys; a sender's last message as an expiring key swapped with SET … GET. */
export class RedisModerationStore implements ModerationStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  ban(target: BanTarget, seconds: number): Promise<void> {
    return redisCall(async () => {
      await this.client.set(`${this.prefix}chat:ban:${banKey(target)}`, '1', { EX: seconds });
    });
  }

  isBanned(nickname: string, ip: string): Promise<boolean> {
    return redisCall(async () => {
      const keys = [banKey({ kind: 'nickname', value: nickname }), banKey({ kind: 'ip', value: ip })].map((k) => `${this.prefix}chat:ban:${k}`);
      return (await this.client.exists(keys)) > 0;
    });
  }

  repeatsLast(sender: string, fingerprint: string, windowSeconds: number): Promise<boolean> {
    return redisCall(async () => {
      const previous = await this.client.set(`${this.prefix}chat:last:${sender}`, fingerprint, { EX: Math.max(1, windowSeconds), GET: true });
      return previous === fingerprint;
    });
  }
}
