import type { RedisConnections } from '../../redis/redis-connection.js';
import type { ArtworkImage, ArtworkLookup, ArtworkStore } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

// KEYS: the entry, the index (a sorted set of entries by expiry). ARGV: value, ttl seconds,
// now ms, cap. Writes the entry with its expiry, forgets index members that expired by
// themselves, and past the cap deletes the entries closest to expiring: the cache stays
// bounded in count as well as in time. Every key shares the station's prefix (one Cluster slot).
const SAVE = new LuaScript(`
local ttl = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)
redis.call('ZADD', KEYS[2], now + ttl * 1000, KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if over > 0 then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, over - 1)
  for _, key in ipairs(oldest) do redis.call('DEL', key) end
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, over - 1)
end
return 1
`);

/** The artwork cache in Redis: one key per song lookup and per image, each expiring, each set capped. */
export class RedisArtworkStore implements ArtworkStore {
  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
    private readonly maxLookups: number,
    private readonly maxImages: number,
  ) {}

  lookup(songKey: string): Promise<ArtworkLookup | null> {
    return this.redis.call(async () => {
      const json = await this.redis.commands.get(`${this.prefix}artwork:song:${songKey}`);
      return json ? (JSON.parse(json) as ArtworkLookup) : null;
    });
  }

  saveLookup(songKey: string, lookup: ArtworkLookup, ttlSeconds: number): Promise<void> {
    return this.save(`${this.prefix}artwork:song:${songKey}`, `${this.prefix}artwork:songs`, JSON.stringify({ imageKey: lookup.imageKey }), ttlSeconds, this.maxLookups);
  }

  image(imageKey: string): Promise<ArtworkImage | null> {
    return this.redis.call(async () => {
      const json = await this.redis.commands.get(`${this.prefix}artwork:image:${imageKey}`);
      if (!json) return null;
      const { contentType, base64 } = JSON.parse(json) as { contentType: string; base64: string };
      return { contentType, bytes: Buffer.from(base64, 'base64') };
    });
  }

  hasImage(imageKey: string): Promise<boolean> {
    return this.redis.call(async () => (await this.redis.commands.exists(`${this.prefix}artwork:image:${imageKey}`)) === 1);
  }

  saveImage(imageKey: string, image: ArtworkImage, ttlSeconds: number): Promise<void> {
    const json = JSON.stringify({ contentType: image.contentType, base64: image.bytes.toString('base64') });
    return this.save(`${this.prefix}artwork:image:${imageKey}`, `${this.prefix}artwork:images`, json, ttlSeconds, this.maxImages);
  }

  private save(key: string, index: string, value: string, ttlSeconds: number, cap: number): Promise<void> {
    return this.redis.call(async () => {
      await SAVE.run(this.redis.commands, [key, index], [value, Math.max(1, Math.round(ttlSeconds)), Date.now(), cap]);
    });
  }
}
