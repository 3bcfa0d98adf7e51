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

/**
 * A stored request as the JSON text the stores keep and list: `JSON.stringify` of it as
 * RequestService builds it, every field the answer schema has, in its order, the absent name
 * null. Written once when the request is queued (from a validated body), so a listing splices the
 * text in as it is instead of parsing and serialising each row again.
 */
export function storedRequestText(request: StoredSongRequest): string {
  return JSON.stringify(request);
}

const ABSENT_NAME = '"requester_name":null';

/**
 * `answeredRequest` on stored texts: the absent name in `words`. The match can only be the field
 * itself: inside a JSON string every `"` is escaped, so no title or message holds
 * `"requester_name":` with a bare quote, and a stored request has no nested object.
 */
export function answeredRequestTexts(texts: readonly string[], words: RequesterWords): string[] {
  const named = `"requester_name":${JSON.stringify(words.anonymous)}`;
  return texts.map((text) => text.replace(ABSENT_NAME, named));
}
