import { randomUUID } from 'node:crypto';
import type { Feedback, StationState } from './model.js';
import type { Song } from './song.js';
import type { Store } from './ports.js';
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

export class FeedbackService {
  constructor(
    private readonly store: Pick<Store, 'feedback' | 'station'>,
    private readonly clock: Clock,
  ) {}

  /** Stores feedback; a song rating is attached to the song playing at that moment. */
  async submit(input: FeedbackInput): Promise<Feedback> {
    const song = input.type === 'song_rating' ? songOnAir(await this.store.station.read()) : null;
    const feedback: Feedback = {
      id: randomUUID(),
      type: input.type,
      content: input.content || null,
      rating: input.rating ?? null,
      song,
      created_at: toUnixSeconds(this.clock()),
    };
    await this.store.feedback.append(feedback);
    if (song && feedback.rating !== null) await this.store.station.tallyRating(song, feedback.rating);
    return feedback;
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
