import { emptyStationState, type StationState, type StationStore } from '../types.js';

/** Station state of this one process. `lastPlayed` is bounded: plays older than a day are forgotten. */
export class MemoryStationStore implements StationStore {
  private state: StationState = emptyStationState();
  private readonly lastPlayed = new Map<string, number>();

  async read(): Promise<StationState> {
    return structuredClone(this.state);
  }

  async write(state: StationState): Promise<void> {
    this.state = structuredClone(state);
  }

  async lastPlayedAt(songId: string): Promise<number | null> {
    return this.lastPlayed.get(songId) ?? null;
  }

  async recordPlay(songId: string, atSeconds: number): Promise<void> {
    this.lastPlayed.delete(songId); // re-insert so Map order stays oldest-first
    this.lastPlayed.set(songId, atSeconds);
    for (const [id, at] of this.lastPlayed) {
      if (at >= atSeconds - 86_400) break;
      this.lastPlayed.delete(id);
    }
  }
}
