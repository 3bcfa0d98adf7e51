import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import en from '../messages/en.js';
import type { RequestPriority, RequestStatus, SongRequest, StoredSongRequest } from './model.js';
import { answeredRequest, type RequesterWords } from './requester-name.js';
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
    /** The station's language: live events (and the webhooks made of them) name an absent requester in it. */
    private readonly stationWords: RequesterWords = en,
  ) {}

  /** `words`: the requester's language, for the answer's name of a requester who gave none ("Anónimo"); the store keeps none. */
  async submit(input: SongRequestInput, requester: string, words: RequesterWords = en): Promise<SubmitResult> {
    const now = this.clock();
    const id = songId(input.artist, input.song_title);
    if (this.rules.thresholdSeconds > 0) {
      const lastPlayed = await this.store.station.lastPlayedAt(id);
      const sincePlayed = lastPlayed === null ? Infinity : toUnixSeconds(now) - lastPlayed;
      if (sincePlayed < this.rules.thresholdSeconds) {
        throw new AppError('RECENTLY_PLAYED', { reason: 'recently_played', retryAfterSeconds: this.rules.thresholdSeconds - sincePlayed });
      }
    }
    const request: StoredSongRequest = {
      id: randomUUID(),
      song_title: input.song_title,
      artist: input.artist,
      // An empty name or message from a blank form field means "not given".
      requester_name: input.requester_name || null,
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
      if (pending) return { created: false, request: answeredRequest(pending, words) };
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
        return { created: false, request: answeredRequest(outcome.request, words) };
      case 'created':
        await this.store.station.tally(makeSong(input.artist, input.song_title), 'requests');
        this.live.publish('request:new', answeredRequest(outcome.request, this.stationWords));
        return { created: true, request: answeredRequest(outcome.request, words) };
    }
  }

  async list(status: RequestStatus | 'all', limit: number, words: RequesterWords = en): Promise<SongRequest[]> {
    return (await this.store.requests.list(status, limit)).map((request) => answeredRequest(request, words));
  }

  /** Staff set a pending request's priority: shown to all, and it ranks the queue (staff are trusted). */
  async setPriority(id: string, priority: RequestPriority, words: RequesterWords = en): Promise<SongRequest> {
    const updated = await this.store.requests.setPriority(id, priority);
    if (!updated) throw new AppError('NOT_FOUND', { message: 'No pending request has that id.' });
    this.live.publish('request:updated', answeredRequest(updated, this.stationWords));
    return answeredRequest(updated, words);
  }

  /**
   * Staff mark a pending request played or rejected; every live client hears of it. Played by
   * staff is played: it is announced (and sent as the `request.played` webhook) exactly as a
   * play the poller detected.
   */
  async resolve(id: string, status: 'played' | 'rejected', words: RequesterWords = en): Promise<SongRequest> {
    const resolved = await this.store.requests.resolve(id, status);
    if (!resolved) throw new AppError('NOT_FOUND', { message: 'No pending request has that id.' });
    const announced = answeredRequest(resolved, this.stationWords);
    if (status === 'played') this.live.publish('request:played', announced);
    this.live.publish('request:updated', announced);
    return answeredRequest(resolved, words);
  }
}
