import type { Song } from '../../station/song.js';
import { deepFreeze } from '../../deep-freeze.js';
import { emptyStationState, type SongTally, type StationState } from '../../station/model.js';
import { type StationStore } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// Multi-key writes are scripts (atomic on a single server, Sentinel and Cluster alike).
// KEYS: last-played zset. ARGV: songId, at seconds, keep seconds.
const RECORD_PLAY = new LuaScript(`
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[2]) - tonumber(ARGV[3]))
`);
/**
 * A song's tally in Lua, its one home: `tally(songs, tallies, songId, songJson, counts)` keeps the
 * song and adds each field/increment pair of `counts` to it. A script that tallies a song with
 * other work (a song request, redis-song-request.ts) defines it with this text.
 */
export const tallyLua = `
local function tally(songs, tallies, id, json, counts)
  redis.call('HSET', songs, id, json)
  for i = 1, #counts, 2 do redis.call('HINCRBY', tallies, id .. ':' .. counts[i], counts[i + 1]) end
end
`;
// KEYS: songs, tallies. ARGV: songId, song json, then field/increment pairs.
const TALLY = new LuaScript(`${tallyLua}
tally(KEYS[1], KEYS[2], ARGV[1], ARGV[2], {unpack(ARGV, 3)})
`);

/** The station's keys a script working with the song request rules names (the threshold's plays, the tallies). */
export const stationSongKeys = (prefix: string) => ({
  lastPlayed: `${prefix}station:last-played`,
  songs: `${prefix}station:songs`,
  tallies: `${prefix}station:song-tallies`,
});

/**
 * Station state shared by all nodes: one JSON document, plus a sorted set of last-play times per
 * song, trimmed to the request rule's window. Every status request reads the state, so each
 * node keeps the parsed document for a second (it changes once per poll): thousands of polling
 * apps cost one GET per second per node instead of one each.
 */
/** How long a node serves the parsed state before asking Redis again (it changes once per poll). */
const STATE_CACHE_MS = 1000;

export class RedisStationStore implements StationStore {
  private readonly stateKey: string;
  private readonly playsKey: string;
  private readonly talliesKey: string;
  private readonly songsKey: string;

  private cached: { state: StationState; at: number } | null = null;
  private refreshing: Promise<StationState> | null = null;

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    const keys = stationSongKeys(prefix);
    this.stateKey = `${prefix}station:state`;
    this.playsKey = keys.lastPlayed;
    this.talliesKey = keys.tallies;
    this.songsKey = keys.songs;
  }

  read(): Promise<StationState> {
    const cached = this.peek();
    if (cached) return Promise.resolve(cached);
    // Concurrent requests share one GET.
    this.refreshing ??= this.readFresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  peek(): StationState | undefined {
    // Cache age, not a domain time: measured on the monotonic clock, so a wall-clock step cannot pin a stale state.
    return this.cached && performance.now() - this.cached.at < STATE_CACHE_MS ? this.cached.state : undefined;
  }

  lastKnown(): { state: StationState; ageMs: number } | undefined {
    return this.cached ? { state: this.cached.state, ageMs: performance.now() - this.cached.at } : undefined;
  }

  forgetCached(): void {
    this.cached = null;
  }

  readFresh(): Promise<StationState> {
    return this.redis.call(async () => {
      const json = await this.redis.commands.get(this.stateKey);
      const state = deepFreeze(json ? { ...emptyStationState(), ...(JSON.parse(json) as Partial<StationState>) } : emptyStationState());
      this.cached = { state, at: performance.now() };
      return state;
    });
  }

  write(state: StationState): Promise<void> {
    return this.redis.call(async () => {
      const json = JSON.stringify(state);
      await this.redis.commands.set(this.stateKey, json);
      this.cached = { state: deepFreeze(JSON.parse(json) as StationState), at: performance.now() };
    });
  }

  lastPlayedAt(songId: string): Promise<number | null> {
    return this.redis.call(async () => this.redis.commands.zScore(this.playsKey, songId));
  }

  recordPlay(songId: string, atSeconds: number, keepSeconds: number): Promise<void> {
    return this.redis.call(async () => {
      await RECORD_PLAY.run(this.redis.commands, [this.playsKey], [songId, atSeconds, keepSeconds]);
    });
  }

  tally(song: Song, field: 'plays' | 'requests'): Promise<void> {
    return this.redis.call(async () => {
      await TALLY.run(this.redis.commands, [this.songsKey, this.talliesKey], [song.id, JSON.stringify(song), field, 1]);
    });
  }

  tallyRating(song: Song, rating: number): Promise<void> {
    return this.redis.call(async () => {
      await TALLY.run(this.redis.commands, [this.songsKey, this.talliesKey], [song.id, JSON.stringify(song), 'ratingSum', rating, 'ratingCount', 1]);
    });
  }

  tallies(): Promise<SongTally[]> {
    return this.redis.call(async () => {
      const [songs, counts] = await Promise.all([this.redis.commands.hGetAll(this.songsKey), this.redis.commands.hGetAll(this.talliesKey)]);
      return Object.entries(songs).map(([id, json]) => {
        const count = (field: string) => Number(counts[`${id}:${field}`] ?? 0);
        return { song: JSON.parse(json) as Song, plays: count('plays'), requests: count('requests'), ratingSum: count('ratingSum'), ratingCount: count('ratingCount') };
      });
    });
  }
}
