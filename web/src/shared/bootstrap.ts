import type { ChatMessage, NowPlaying, SongRequest } from './live.js';

/** The station as the server's config describes it (page-bootstrap.ts, widget/station.json). */
export interface StationCard {
  name: string;
  genre?: string;
  language: string;
  timezone?: string;
  /** The stream to play; '' while the station has not set one up (the page then offers no Play). */
  streamUrl: string;
  /** Root-relative URL of the logo on the station's server ('' when none). */
  logo: string;
  /** Artwork URL with {artist} and {title}, or null. */
  artUrlTemplate: string | null;
  /** The mounts a listener may choose between (the first is the default); absent on older pages: streamUrl alone. */
  streams?: StreamChoice[];
  /** The station's square icons: the system player's artwork when the song has none of its own. */
  icons?: Array<{ src: string; type: string; sizes: string }>;
  /** The station's donation page (https), or null: no Give button. */
  donateUrl?: string | null;
  /** Whether the page may read titles from the stream itself (station.inBandTitles); absent: same-origin. */
  inBandTitles?: 'same-origin' | 'cors' | 'off';
}

/** One stream the listener may choose (config `station.streams`). */
export interface StreamChoice {
  label: string;
  url: string;
  /** MIME type when known: a browser that cannot play it is not offered it. */
  type?: string;
}

export interface Occurrence {
  id: string;
  title: string;
  host?: string;
  starts_at: number;
  ends_at: number;
  type?: 'show' | 'event';
}

export interface ScheduleData {
  timezone: string;
  current: Occurrence | null;
  upcoming: Occurrence[];
}

/** What the server wrote into the page: everything to start without a REST call. */
export interface Bootstrap {
  station: StationCard;
  rules?: { requestThresholdSeconds: number; requestDelaySeconds: number };
  /** The newest live event when the page was prepared: the feed resumes after it. */
  lastEventId?: string | null;
  nowPlaying?: NowPlaying;
  schedule?: ScheduleData;
  requests?: SongRequest[];
  chat?: ChatMessage[];
}

/** The page's bootstrap (<script type="application/json" id="radio-bootstrap">), or null. */
export function readBootstrap(): Bootstrap | null {
  try {
    const text = document.getElementById('radio-bootstrap')?.textContent ?? '';
    const value = JSON.parse(text) as Partial<Bootstrap> | null;
    return value?.station ? (value as Bootstrap) : null;
  } catch {
    return null;
  }
}
