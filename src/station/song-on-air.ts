import type { StationState } from './model.js';

/**
 * The stale-song rule: a song the stream server has not named for more than `staleAfterSeconds`
 * (a source that reconnected without metadata, an encoder that stopped sending it: the server
 * then reports no title and we keep the last one) is no longer presented as playing. A song the
 * server keeps naming is never stale, however long it lasts (a sermon, a live set). Counted from
 * the last poll that named it; a state without that record (stored before the rule existed, or
 * seeded by hand) is not judged until a poll records it. 0 turns the rule off.
 */
export function isStale(state: Pick<StationState, 'nowPlaying' | 'poll'>, nowSeconds: number, staleAfterSeconds: number): boolean {
  const seenAt = state.poll.titleSeenAt;
  return state.nowPlaying !== null && staleAfterSeconds > 0 && typeof seenAt === 'number' && nowSeconds - seenAt > staleAfterSeconds;
}
