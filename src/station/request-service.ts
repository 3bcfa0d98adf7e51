import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import en from '../messages/en.js';
import type { ServerStrings } from '../messages/server-strings.js';
import type { RequestPriority, RequestStatus, SongRequest } from './model.js';
import type { Store } from './ports.js';
import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';
import { makeSong, songId } from './song.js';

export interface RequestRules {
  /** A song played within this many seconds cannot be requested (409 RECENTLY_PLAYED). */
  thresholdSeconds: number;
  /** `shown`: a listener's priority is shown to staff and ranks nothing (a fair queue); `ordered`: it ranks. */
  listenerPriority: 'shown' | 'ordered';
}

/** The song requests' share of the limits policy: one new request per client per delay (429 past it). */
export interface SongRequestBudget {
  claimSongRequest(clientKey: string): Promise<void>;
  /** The claim queued nothing: the delay does not start. */
  giveBackSongRequest(clientKey: string): Promise<void>;
}

export interface SongRequestInput {
  song_title: string;
  artist: string;
  requester_name?: string;
  message?: string;
  priority?: RequestPriority;
}

export interface SubmitResult {
  /** False when the same song was already pending: the answer is that request. */
  created: boolean;
  request: SongRequest;
}

export class RequestService {
  constructor(
    private readonly store: Pick<Store, 'requests' | 'station'>,
    private readonly live: LiveHub,
    private readonly rules: RequestRules,
    private readonly clock: Clock,
    private readonly budget: SongRequestBudget,
  ) {}

  /** `words`: the requester's language, for the name of a requester who gave none ("Anónimo"). */
  async submit(input: SongRequestInput, requester: string, words: Pick<ServerStrings, 'anonymous'> = en): Promise<SubmitResult> {
    const now = this.clock();
    const id = songId(input.artist, input.song_title);
    if (this.rules.thresholdSeconds > 0) {
      const lastPlayed = await this.store.station.lastPlayedAt(id);
      const sincePlayed = lastPlayed === null ? Infinity : toUnixSeconds(now) - lastPlayed;
      if (sincePlayed < this.rules.thresholdSeconds) {
        throw new AppError('RECENTLY_PLAYED', { reason: 'recently_played', retryAfterSeconds: this.rules.thresholdSeconds - sincePlayed });
      }
    }
    const request: SongRequest = {
      id: randomUUID(),
      song_title: input.song_title,
      artist: input.artist,
      // An empty name or message from a blank form field means "not given".
      requester_name: input.requester_name || words.anonymous,
      message: input.message || null,
      priority: input.priority ?? 'normal',
      status: 'pending',
      created_at: toUnixSeconds(now),
    };
    try {
      await this.budget.claimSongRequest(requester);
    } catch (error) {
      // A song already pending queues nothing, so the delay does not hold it back: the answer is that request.
      const pending = error instanceof AppError && error.code === 'RATE_LIMITED' ? await this.store.requests.pendingFor(id) : null;
      if (pending) return { created: false, request: pending };
      throw error;
    }
    let outcome;
    try {
      // Anyone may say "high": the queue stays first come, first served unless the station trusts it.
      const rank = this.rules.listenerPriority === 'ordered' ? request.priority : 'normal';
      outcome = await this.store.requests.submit(request, { songId: id, createdMs: now, rank });
    } catch (error) {
      await this.budget.giveBackSongRequest(requester).catch(() => undefined);
      throw error;
    }
    switch (outcome.kind) {
      case 'duplicate':
        await this.budget.giveBackSongRequest(requester);
        return { created: false, request: outcome.request };
      case 'created':
        await this.store.station.tally(makeSong(input.artist, input.song_title), 'requests');
        this.live.publish('request:new', outcome.request);
        return { created: true, request: outcome.request };
    }
  }

  list(status: RequestStatus | 'all', limit: number): Promise<SongRequest[]> {
    return this.store.requests.list(status, limit);
  }

  /** Staff set a pending request's priority: shown to all, and it ranks the queue (staff are trusted). */
  async setPriority(id: string, priority: RequestPriority): Promise<SongRequest> {
    const updated = await this.store.requests.setPriority(id, priority);
    if (!updated) throw new AppError('NOT_FOUND', { message: 'No pending request has that id.' });
    this.live.publish('request:updated', updated);
    return updated;
  }

  /**
   * Staff mark a pending request played or rejected; every live client hears of it. Played by
   * staff is played: it is announced (and sent as the `request.played` webhook) exactly as a
   * play the poller detected.
   */
  async resolve(id: string, status: 'played' | 'rejected'): Promise<SongRequest> {
    const resolved = await this.store.requests.resolve(id, status);
    if (!resolved) throw new AppError('NOT_FOUND', { message: 'No pending request has that id.' });
    if (status === 'played') this.live.publish('request:played', resolved);
    this.live.publish('request:updated', resolved);
    return resolved;
  }
}
