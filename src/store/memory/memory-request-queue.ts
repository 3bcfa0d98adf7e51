import { pendingScore } from '../request-order.js';
import type { RequestPriority, RequestStatus, StoredSongRequest, SubmitOutcome } from '../../station/model.js';
import type { RequestQueue, SubmitRules } from '../../station/ports.js';
import { storedRequestText } from '../../station/requester-name.js';

interface Entry {
  request: StoredSongRequest;
  songId: string;
  createdMs: number;
  rank: RequestPriority;
}

/** The request queue in process memory; the newest `capacity` requests are kept. */
export class MemoryRequestQueue implements RequestQueue {
  private readonly entries: Entry[] = [];
  private readonly pendingBySong = new Map<string, Entry>();

  constructor(private readonly capacity: number) {}

  async submit(request: StoredSongRequest, rules: SubmitRules): Promise<SubmitOutcome> {
    const existing = this.pendingBySong.get(rules.songId);
    if (existing) return { kind: 'duplicate', request: { ...existing.request } };
    const entry: Entry = { request: { ...request }, songId: rules.songId, createdMs: rules.createdMs, rank: rules.rank };
    this.entries.push(entry);
    this.pendingBySong.set(rules.songId, entry);
    this.trim();
    return { kind: 'created', request: { ...entry.request } };
  }

  async pendingFor(songId: string): Promise<StoredSongRequest | null> {
    const entry = this.pendingBySong.get(songId);
    return entry ? { ...entry.request } : null;
  }

  async list(status: RequestStatus | 'all', limit: number): Promise<StoredSongRequest[]> {
    if (status === 'pending') {
      return [...this.pendingBySong.values()]
        .sort((a, b) => pendingScore(a.rank, a.createdMs) - pendingScore(b.rank, b.createdMs))
        .slice(0, limit)
        .map((e) => ({ ...e.request }));
    }
    const result: StoredSongRequest[] = [];
    for (let i = this.entries.length - 1; i >= 0 && result.length < limit; i--) {
      const { request } = this.entries[i]!;
      if (status === 'all' || request.status === status) result.push({ ...request });
    }
    return result;
  }

  async listText(status: RequestStatus | 'all', limit: number): Promise<string[]> {
    return (await this.list(status, limit)).map(storedRequestText);
  }

  async markPlayed(songId: string): Promise<StoredSongRequest | null> {
    const entry = this.pendingBySong.get(songId);
    if (!entry) return null;
    entry.request.status = 'played';
    this.pendingBySong.delete(songId);
    return { ...entry.request };
  }

  async setPriority(id: string, priority: RequestPriority): Promise<StoredSongRequest | null> {
    const entry = this.entries.find((e) => e.request.id === id);
    if (entry?.request.status !== 'pending') return null;
    entry.request.priority = priority;
    entry.rank = priority;
    return { ...entry.request };
  }

  async resolve(id: string, status: 'played' | 'rejected'): Promise<StoredSongRequest | null> {
    const entry = this.entries.find((e) => e.request.id === id);
    if (entry?.request.status !== 'pending') return null;
    entry.request.status = status;
    if (this.pendingBySong.get(entry.songId) === entry) this.pendingBySong.delete(entry.songId);
    return { ...entry.request };
  }

  private trim(): void {
    while (this.entries.length > this.capacity) {
      const dropped = this.entries.shift()!;
      if (this.pendingBySong.get(dropped.songId) === dropped) this.pendingBySong.delete(dropped.songId);
    }
  }
}
