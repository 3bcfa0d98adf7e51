import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import en from '../messages/en.js';
import type { RequestPriority, RequestStatus, SongRequest, StoredSongRequest, SubmitOutcome } from './model.js';
import { answeredRequest, answeredRequestTexts, type RequesterWords } from './requester-name.js';
import type { SongRequestChecks, SongRequestOutcome, Store } from './ports.js';
import type { NamedBudget } from '../limits/named-budget.js';
import { ToldBudget } from '../limits/told-budget.js';
import type { DoorBudget } from './chat-service.js';
import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub, LiveStep } from './live-hub.js';
import { makeSong, songId } from './song.js';

export interface RequestRules {
  /** A song played within this many seconds cannot be requested (409 RECENTLY_PLAYED). */
  thresholdSeconds: number;
  /** `shown`: a listener's priority is shown to staff and ranks nothing (a fair queue); `ordered`: it ranks. */
  listenerPriority: 'shown' | 'ordered';
}

/** The song requests' share of the limits policy: one new request per client per delay (429 past it). */
export interface SongRequestBudget {
  /** The delay itself (absent when the station sets none): the store's one step spends it with the request. */
  readonly songRequestDelay?: NamedBudget;
  /** A budget by name (a door's own, which it leaves to the request: `DoorBudget`). */
  budget(name: string): NamedBudget;
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
    private readonly store: Pick<Store, 'requests' | 'station' | 'songRequest'>,
    private readonly live: LiveHub,
    private readonly rules: RequestRules,
    private readonly clock: Clock,
    private readonly budget: SongRequestBudget,
    /** The station's language: live events (and the webhooks made of them) name an absent requester in it. */
    private readonly stationWords: RequesterWords = en,
    /** How the store's one step may record and relay `request:new` itself (LiveStep); null: `live` does. */
    private readonly liveStep: LiveStep | null = null,
  ) {}

  /** `words`: the requester's language, for the answer's name of a requester who gave none ("Anónimo"); the store keeps none. */
  /** `door`: the route's own budget when it left it to the request (counted first, in the same store step). */
  async submit(input: SongRequestInput, requester: string, words: RequesterWords = en, door?: DoorBudget): Promise<SubmitResult> {
    const now = this.clock();
    const song = makeSong(input.artist, input.song_title);
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
    const doorBudget = door && this.budget.budget(door.name);
    const checks: SongRequestChecks = {
      // The store's verdict reaches the door as it comes, even after the call was given up (told-budget.ts).
      first: door && doorBudget ? { budget: new ToldBudget(doorBudget, (decision) => door.counted(decision)), key: requester } : null,
      delay: this.budget.songRequestDelay ?? null,
      client: requester,
      thresholdSeconds: this.rules.thresholdSeconds,
      nowSeconds: toUnixSeconds(now),
      request,
      // Anyone may say "high": the queue stays first come, first served unless the station trusts it.
      rules: { songId: songId(input.artist, input.song_title), createdMs: now, rank: this.rules.listenerPriority === 'ordered' ? request.priority : 'normal' },
      song,
      // The event as every live client and webhook hears it (in the station's language), should the request be queued.
      live: this.liveStep && { step: this.liveStep, data: JSON.stringify(answeredRequest(request, this.stationWords)) },
      recorded: (created, liveId) => this.live.publishRecorded('request:new', answeredRequest(created, this.stationWords), liveId),
    };
    const atOnce = this.store.songRequest?.submit(checks);
    const outcome = await (atOnce ?? this.stepByStep(checks, door));
    if (atOnce && outcome.first) door?.counted(outcome.first);
    switch (outcome.kind) {
      case 'over-first-budget':
        throw doorBudget!.refusal(outcome.first!);
      case 'recently-played':
        throw recentlyPlayed(checks, outcome.lastPlayedSeconds);
      case 'over-budget':
        throw this.budget.songRequestDelay!.refusal(outcome.decision);
      case 'duplicate':
        return { created: false, request: answeredRequest(outcome.request, words) };
      case 'created':
        // Step by step the tally is its own store call; at once the store counted it with the request.
        if (!atOnce) await this.store.station.tally(song, 'requests');
        // Recorded by the store's step: already delivered here (`recorded`), in time or late.
        if (outcome.liveId === undefined) this.live.publish('request:new', answeredRequest(outcome.request, this.stationWords));
        return { created: true, request: answeredRequest(outcome.request, words) };
    }
  }

  /** The same rules as the store's one step, one port call each (the memory store, or a delay counted elsewhere). */
  private async stepByStep(checks: SongRequestChecks, door: DoorBudget | undefined): Promise<SongRequestOutcome> {
    if (checks.first) {
      const first = await checks.first.budget.spend(checks.first.key);
      // Told at once: a store failing later must not make the door spend it a second time.
      door?.counted(first);
      if (!first.allowed) return { kind: 'over-first-budget', first };
    }
    const { songId: id } = checks.rules;
    if (checks.thresholdSeconds > 0) {
      const lastPlayed = await this.store.station.lastPlayedAt(id);
      if (lastPlayed !== null && checks.nowSeconds - lastPlayed < checks.thresholdSeconds) return { kind: 'recently-played', lastPlayedSeconds: lastPlayed };
    }
    try {
      await this.budget.claimSongRequest(checks.client);
    } catch (error) {
      // A song already pending queues nothing, so the delay does not hold it back: the answer is that request.
      const pending = error instanceof AppError && error.code === 'RATE_LIMITED' ? await this.store.requests.pendingFor(id) : null;
      if (pending) return { kind: 'duplicate', request: pending };
      throw error;
    }
    let outcome: SubmitOutcome;
    try {
      outcome = await this.store.requests.submit(checks.request, checks.rules);
    } catch (error) {
      await this.budget.giveBackSongRequest(checks.client).catch(() => undefined);
      throw error;
    }
    if (outcome.kind === 'duplicate') await this.budget.giveBackSongRequest(checks.client);
    return outcome;
  }

  async list(status: RequestStatus | 'all', limit: number, words: RequesterWords = en): Promise<SongRequest[]> {
    return (await this.store.requests.list(status, limit)).map((request) => answeredRequest(request, words));
  }

  /** `list` as JSON texts (requester-name.ts), for an answer that splices them in unparsed. */
  listText(status: RequestStatus | 'all', limit: number, words: RequesterWords = en): Promise<string[]> {
    return this.store.requests.listText(status, limit).then((rows) => answeredRequestTexts(rows, words));
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

/** 409: the song played within the threshold; `Retry-After` says when it may be asked again. */
function recentlyPlayed(checks: SongRequestChecks, lastPlayedSeconds: number): AppError {
  return new AppError('RECENTLY_PLAYED', { reason: 'recently_played', retryAfterSeconds: checks.thresholdSeconds - (checks.nowSeconds - lastPlayedSeconds) });
}
