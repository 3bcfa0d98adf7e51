import { randomUUID } from 'node:crypto';
import type { Feedback, StationState } from './model.js';
import type { Song } from './song.js';
import type { FeedbackChecks, FeedbackOutcome, Store } from './ports.js';
import type { NamedBudget } from '../limits/named-budget.js';
import { ToldBudget } from '../limits/told-budget.js';
import type { RateLimitDecision } from '../limits/rate-limit.js';
import type { DoorBudget } from './chat-service.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { searchFeedback, type FeedbackPage, type FeedbackSearchQuery } from './feedback-search.js';

export interface FeedbackInput {
  type: string;
  content?: string;
  rating?: number;
}

/** The song a rating is about: the one playing now, and none while the station is off air (the last one is stale). */
function songOnAir(state: StationState): Song | null {
  return state.serverStatus === 'online' ? (state.nowPlaying?.song ?? null) : null;
}

/** Budgets by name: a door's own, which it leaves to the feedback (`DoorBudget`). */
export interface FeedbackBudgets {
  budget(name: string): NamedBudget;
}

export class FeedbackService {
  constructor(
    private readonly store: Pick<Store, 'feedback' | 'station' | 'feedbackPost'>,
    private readonly clock: Clock,
    private readonly budgets?: FeedbackBudgets,
  ) {}

  /**
   * Stores feedback; a song rating is attached to the song playing at that moment. `door`: the
   * route's own budget when it left it to the feedback (counted first, in the same store step, for `client`).
   */
  async submit(input: FeedbackInput, client = '', door?: DoorBudget): Promise<Feedback> {
    return (await this.stored(input, client, door)).feedback;
  }

  /** `submit`, answered as the JSON text the store appended (the door splices it in, serialising nothing again). */
  async submitText(input: FeedbackInput, client = '', door?: DoorBudget): Promise<string> {
    return (await this.stored(input, client, door)).text;
  }

  private async stored(input: FeedbackInput, client: string, door: DoorBudget | undefined): Promise<{ feedback: Feedback; text: string }> {
    const song = input.type === 'song_rating' ? songOnAir(await this.store.station.read()) : null;
    const feedback: Feedback = {
      id: randomUUID(),
      type: input.type,
      content: input.content || null,
      rating: input.rating ?? null,
      song,
      created_at: toUnixSeconds(this.clock()),
    };
    const doorBudget = door && this.budgets?.budget(door.name);
    const checks: FeedbackChecks = {
      // The store's verdict reaches the door as it comes, even after the call was given up (told-budget.ts).
      first: door && doorBudget ? { budget: new ToldBudget(doorBudget, (decision) => door.counted(decision)), key: client } : null,
      feedback,
      feedbackText: JSON.stringify(feedback),
      rating: song && feedback.rating !== null ? { song, rating: feedback.rating } : null,
    };
    const atOnce = this.store.feedbackPost?.submit(checks);
    const outcome = await (atOnce ?? this.stepByStep(checks, door));
    if (atOnce && outcome.first) door?.counted(outcome.first);
    if (outcome.kind === 'over-first-budget') throw doorBudget!.refusal(outcome.first!);
    return { feedback, text: checks.feedbackText };
  }

  /** The same steps as the store's one, one port call each (the memory store, or a budget counted elsewhere). */
  private async stepByStep(checks: FeedbackChecks, door: DoorBudget | undefined): Promise<FeedbackOutcome> {
    let first: RateLimitDecision | undefined;
    if (checks.first) {
      first = await checks.first.budget.spend(checks.first.key);
      // Told at once: a store failing later must not make the door spend it a second time.
      door?.counted(first);
      if (!first.allowed) return { kind: 'over-first-budget', first };
    }
    await this.store.feedback.append(checks.feedback);
    if (checks.rating) await this.store.station.tallyRating(checks.rating.song, checks.rating.rating);
    return { kind: 'stored', first };
  }

  /** The newest feedback first, for the station's staff (bug reports and app feedback are read there). */
  recent(limit: number): Promise<Feedback[]> {
    return this.store.feedback.recent(limit);
  }

  /** The inbox's page: newest first, by type and rating, one bounded read of the log. */
  search(query: FeedbackSearchQuery): Promise<FeedbackPage> {
    return searchFeedback(this.store.feedback, query);
  }
}
