import type { SongTally, StationState } from './model.js';

/**
 * `most_popular_songs`: score = plays + 2 × requests + Σ(rating − 3), so a request counts as
 * two plays and each rating above or below "3 of 5" lifts or lowers the song. Top 10.
 */
export function rankPopularSongs(tallies: SongTally[]): StationState['mostPopular'] {
  const score = (t: SongTally) => t.plays + 2 * t.requests + (t.ratingSum - 3 * t.ratingCount);
  return [...tallies]
    .sort((a, b) => score(b) - score(a) || b.plays - a.plays || a.song.text.localeCompare(b.song.text))
    .slice(0, 10)
    .map((t) => ({
      song: t.song,
      plays: t.plays,
      requests: t.requests,
      average_rating: t.ratingCount > 0 ? Math.round((t.ratingSum / t.ratingCount) * 100) / 100 : null,
    }));
}
