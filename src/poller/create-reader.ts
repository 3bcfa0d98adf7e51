import type { Config } from '../config/schema.js';
import { IcecastReader } from './icecast-reader.js';
import { Shoutcast1Reader, Shoutcast2Reader } from './shoutcast-readers.js';
import type { StreamReader } from '../station/stream-snapshot.js';

export function createStreamReader(stream: Config['stream']): StreamReader {
  switch (stream.kind) {
    case 'icecast':
      return new IcecastReader(stream.statusUrl, stream.mount);
    case 'shoutcast2':
      return new Shoutcast2Reader(stream.statusUrl);
    case 'shoutcast1':
      return new Shoutcast1Reader(stream.statusUrl);
  }
}
