import type { ServerStrings } from '../messages/server-strings.js';
import type { SongRequest, StoredSongRequest } from './model.js';

/** The words a song request is answered in: the name of a requester who gave none. */
export type RequesterWords = Pick<ServerStrings, 'anonymous'>;

/**
 * A stored request as it is answered: the absent name in `words` (the client's language on REST,
 * the station's on broadcasts and webhooks). The store keeps the absence, never a translated word,
 * so one request reads "Anonymous" in English and "Anónimo" in Spanish.
 */
export function answeredRequest(request: StoredSongRequest, words: RequesterWords): SongRequest {
  return { ...request, requester_name: request.requester_name ?? words.anonymous };
}
