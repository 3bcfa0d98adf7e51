/** A title as the stream itself carries it, split the way the hub splits Icecast's ("Artist - Title"). */
export interface StreamTitle {
  title: string;
  artist: string;
}

/** The metadata icecast-metadata-player hands over: ICY's StreamTitle, or an Ogg stream's comments. */
export interface StreamMetadata {
  StreamTitle?: string;
  TITLE?: string;
  ARTIST?: string;
}

/**
 * The title in one stream metadata update, or null when it names none (an empty ICY title between
 * songs): the page then keeps the feed's title rather than showing nothing.
 */
export function streamTitle(metadata: StreamMetadata): StreamTitle | null {
  if (metadata.TITLE?.trim()) return { title: metadata.TITLE.trim(), artist: metadata.ARTIST?.trim() ?? '' };
  const text = metadata.StreamTitle?.trim();
  if (!text) return null;
  const split = text.indexOf(' - ');
  return split > 0 ? { artist: text.slice(0, split).trim(), title: text.slice(split + 3).trim() } : { artist: '', title: text };
}
