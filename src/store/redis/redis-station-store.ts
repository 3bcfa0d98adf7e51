import type { Song } from '../../station/song.js';
import { deepFreeze } from '../../deep-freeze.js';
import { emptyStationState, type SongTally, type StationState } from '../../station/model.js';
import { type StationStore } from '../../station/ports.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';

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
    private readonly client: RedisClient,
    prefix: string,
  ) {
    this.stateKey = `${prefix}station:state`;
    this.playsKey = `${prefix}station:last-played`;
    this.talliesKey = `${prefix}station:song-tallies`;
    this.songsKey = `${prefix}station:songs`;
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

  readFresh(): Promise<StationState> {
    return redisCall(async () => {
      const json = await this.client.get(this.stateKey);
      const state = deepFreeze(json ? { ...emptyStationState(), ...(JSON.parse(json) as Partial<StationState>) } : emptyStationState());
      this.cached = { state, at: performance.now() };
      return state;
    });
  }

  write(state: StationState): Promise<void> {
    return redisCall(async () => {
      const json = JSON.stringify(state);
      await this.client.set(this.stateKey, json);
      this.cached = { state: deepFreeze(JSON.parse(json) as StationState), at: performance.now() };
    });
  }

  lastPlayedAt(songId: string): Promise<number | null> {
    return redisCall(async () => this.client.zScore(this.playsKey, songId));
  }

  recordPlay(songId: string, atSeconds: number, keepSeconds: number): Promise<void> {
    return redisCall(async () => {
      await this.client
        .multi()
        .zAdd(this.playsKey, { score: atSeconds, value: songId })
        .zRemRangeByScore(this.playsKey, '-inf', atSeconds - keepSeconds)
        .exec();
    });
  }

  tally(song: Song, field: 'plays' | 'requests'): Promise<void> {
    return redisCall(async () => {
      await this.client.multi().hSet(this.songsKey, song.id, JSON.stringify(song)).hIncrBy(this.talliesKey, `${song.id}:${field}`, 1).exec();
    });
  }

  tallyRating(song: Song, rating: number): Promise<void> {
    return redisCall(async () => {
      await this.client
        .multi()
        .hSet(this.songsKey, song.id, JSON.stringify(song))
        .hIncrBy(this.talliesKey, `${song.id}:ratingSum`, rating)
        .hIncrBy(this.talliesKey, `${song.id}:ratingCount`, 1)
        .exec();
    });
  }

  tallies(): Promise<SongTally[]> {
    return redisCall(async () => {
      const [songs, counts] = await Promise.all([this.client.hGetAll(this.songsKey), this.client.hGetAll(this.talliesKey)]);
      return Object.entries(songs).map(([id, json]) => {
        const count = (field: string) => Number(counts[`${id}:${field}`] ?? 0);
        return { song: JSON.parse(json) as Song, plays: count('plays'), requests: count('requests'), ratingSum: count('ratingSum'), ratingCount: count('ratingCount') };
      });
    });
  }
}
