import type { ChatMessage, NowPlaying, Occurrence, SongRequest } from '../../station/shapes.js';

// What page-bootstrap.ts writes into the pages, typed once where it is built: the pages import
// these types (web/src/shared/bootstrap.ts), so the two sides cannot drift. Types only: the web
// pages type-check this file.

/** The station as the server's config describes it (the widget's station.json too). */
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

/** A show or event as the page lists it (without its description). */
export type BriefOccurrence = Pick<Occurrence, 'id' | 'title' | 'host' | 'starts_at' | 'ends_at' | 'type'>;

export interface BootstrapSchedule {
  timezone: string;
  current: BriefOccurrence | null;
  upcoming: BriefOccurrence[];
}

/** Now playing as the page starts with it: `elapsed` changes every second, so the page counts it from played_at. */
export interface BootstrapNowPlaying extends Omit<NowPlaying, 'now_playing'> {
  now_playing: Pick<NonNullable<NowPlaying['now_playing']>, 'song' | 'played_at' | 'duration'> | null;
}

/** What the server wrote into the page: everything to start without a REST call. */
export interface Bootstrap {
  station: StationCard;
  rules?: { requestThresholdSeconds: number; requestDelaySeconds: number };
  /** The newest live event when the page was prepared: the feed resumes after it. */
  lastEventId?: string | null;
  nowPlaying?: BootstrapNowPlaying;
  schedule?: BootstrapSchedule;
  requests?: SongRequest[];
  chat?: ChatMessage[];
}
