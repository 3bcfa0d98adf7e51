import type { Config } from '../config/schema.js';
import { streamSourcesOf, type StreamSource } from '../config/stream-sources.js';
import { AzuraCastReader } from './azuracast-reader.js';
import { IcecastListenerList } from './icecast-listeners.js';
import { IcecastReader } from './icecast-reader.js';
import { LibreTimeReader } from './libretime-reader.js';
import { Shoutcast2ListenerList } from './shoutcast-listeners.js';
import { Shoutcast1Reader, Shoutcast2Reader, streamIdOf } from './shoutcast-readers.js';
import { SourceSet, type SourcePart } from './source-set.js';
import type { StreamReader } from '../station/stream-snapshot.js';
import type { Clock } from '../station/clock.js';
import { offlineCountryLookup } from './country-lookup.js';
import { ListenerDescriber } from './listener-traits.js';

function partOf(source: StreamSource, clock: Clock, liveMount: string | null): SourcePart {
  const { name, primary, statusUrl, admin } = source;
  switch (source.kind) {
    case 'icecast':
      return { name, primary, status: new IcecastReader(statusUrl, source.mount, liveMount), listeners: admin ? new IcecastListenerList(statusUrl, source.mount, admin) : null };
    case 'shoutcast2': {
      const streamId = source.streamId ?? streamIdOf(statusUrl) ?? 1;
      return { name, primary, status: new Shoutcast2Reader(statusUrl, clock, streamId), listeners: admin ? new Shoutcast2ListenerList(statusUrl, streamId, admin) : null };
    }
    case 'shoutcast1':
      return { name, primary, status: new Shoutcast1Reader(statusUrl, source.streamId ?? undefined), listeners: null };
    case 'azuracast':
      return { name, primary, status: new AzuraCastReader(statusUrl), listeners: null };
    case 'libretime':
      return { name, primary, status: new LibreTimeReader(statusUrl), listeners: null };
  }
}

/** The station's reader: every configured source read each poll and combined into one snapshot. */
export function createStreamReader(stream: Config['stream'], clock: Clock, analytics?: { level: Config['analytics']['level']; timezone: string }): StreamReader {
  const describer = analytics && analytics.level !== 'none' ? new ListenerDescriber(analytics.level, analytics.timezone, offlineCountryLookup(), clock) : null;
  return new SourceSet(
    streamSourcesOf(stream).map((source) => partOf(source, clock, stream.liveMount)),
    describer,
  );
}
