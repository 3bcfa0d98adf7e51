import type { Song } from '../../station/song.js';
import { deepFreeze } from '../../deep-freeze.js';
import { emptyStationState, type SongTally, type StationState } from '../../station/model.js';
import { type StationStore } from '../../station/ports.js';

/** Station state of this one process. `lastPlayed` is bounded: plays older than the request rule's window are forgotten. */
export class MemoryStationStore implements StationStore {
  private state: StationState = deepFreeze(emptyStationState());
  private readonly lastPlayed = new Map<string, number>();
  private readonly songTallies = new Map<string, SongTally>();

  async read(): Promise<StationState> {
    return this.state;
  }

  peek(): StationState {
    return this.state;
  }

  lastKnown(): { state: StationState; ageMs: number } {
    return { state: this.state, ageMs: 0 };
  }

  async readFresh(): Promise<StationState> {
    return this.state;
  }

  forgetCached(): void {
    // Nothing cached: the state is this process's own.
  }

  async write(state: StationState): Promise<void> {
    this.state = deepFreeze(structuredClone(state));
  }

  async lastPlayedAt(songId: string): Promise<number | null> {
    return this.lastPlayed.get(songId) ?? null;
  }

  async recordPlay(songId: string, atSeconds: number, keepSeconds: number): Promise<void> {
    this.lastPlayed.delete(songId); // re-insert so Map order stays oldest-first
    this.lastPlayed.set(songId, atSeconds);
    for (const [id, at] of this.lastPlayed) {
      if (at >= atSeconds - keepSeconds) break;
      this.lastPlayed.delete(id);
    }
  }

  async tally(song: Song, field: 'plays' | 'requests'): Promise<void> {
    this.entry(song)[field] += 1;
  }

  async tallyRating(song: Song, rating: number): Promise<void> {
    const entry = this.entry(song);
    entry.ratingSum += rating;
    entry.ratingCount += 1;
  }

  async tallies(): Promise<SongTally[]> {
    return [...this.songTallies.values()].map((t) => structuredClone(t));
  }

  private entry(song: Song): SongTally {
    let entry = this.songTallies.get(song.id);
    if (!entry) {
      entry = { song: structuredClone(song), plays: 0, requests: 0, ratingSum: 0, ratingCount: 0 };
      this.songTallies.set(song.id, entry);
    }
    return entry;
  }
}
