/** What a MusicBrainz recording search is asked, and what of its answer leads to cover art. */

// A MusicBrainz id (MBID): a UUID. Anything else in an answer is not put into a URL.
const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Search scores run 0..100; below this the match is someone else's song. */
const MIN_SCORE = 90;
/** Cover Art Archive requests per song at most (the release group's cover first, then releases). */
export const MAX_COVER_CANDIDATES = 3;

/** A Lucene phrase: the text in quotes, its quotes and backslashes escaped. */
const phrase = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The search URL for a recording by artist and title (and album, when known). */
export function recordingSearchUrl(base: string, song: { artist: string; title: string; album: string | null }): string {
  const terms = [`recording:${phrase(song.title)}`, ...(song.artist ? [`artist:${phrase(song.artist)}`] : []), ...(song.album ? [`release:${phrase(song.album)}`] : [])];
  const url = new URL('/ws/2/recording', base);
  url.search = new URLSearchParams({ query: terms.join(' AND '), fmt: 'json', limit: '5' }).toString();
  return url.href;
}

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)) : []);
const mbid = (value: unknown): string | null => (typeof value === 'string' && MBID.test(value) ? value : null);

/**
 * The cover art to try for the best match of a search answer, best first: the release group's
 * chosen cover, then the releases' own. Empty when nothing matches well enough (a miss); null
 * when the answer is not a search answer at all (a fault, not a miss).
 */
export function coverCandidates(answer: unknown, coverArtBase: string, album: string | null): string[] | null {
  if (typeof answer !== 'object' || answer === null || !Array.isArray((answer as Json).recordings)) return null;
  const good = objects((answer as Json).recordings).filter((r) => typeof r.score === 'number' && r.score >= MIN_SCORE);
  const releases = good.flatMap((r) => objects(r.releases));
  // The release named like the album first, when the song says its album.
  const wanted = album?.trim().toLowerCase();
  const named = (release: Json) => (wanted && typeof release.title === 'string' && release.title.toLowerCase() === wanted ? 1 : 0);
  releases.sort((a, b) => named(b) - named(a));
  const urls: string[] = [];
  const add = (path: string) => {
    const url = new URL(path, coverArtBase).href;
    if (!urls.includes(url) && urls.length < MAX_COVER_CANDIDATES) urls.push(url);
  };
  const group = releases.map((r) => mbid((r['release-group'] as Json | undefined)?.id)).find((id) => id !== null);
  if (group) add(`/release-group/${group}/front-250`);
  for (const release of releases) {
    const id = mbid(release.id);
    if (id) add(`/release/${id}/front-250`);
  }
  return urls;
}
