import type { Logger } from 'pino';
import type { Config } from '../../config/schema.js';
import type { LiveText } from '../../http/static-files.js';
import type { ChatService } from '../../station/chat-service.js';
import type { LiveEventLog } from '../../station/ports.js';
import type { RequestService } from '../../station/request-service.js';
import type { ScheduleService } from '../../station/schedule-service.js';
import type { StationService } from '../../station/station-service.js';
import en from '../../messages/en.js';
import { SERVER_LANGUAGES } from '../../messages/languages.js';
import { listenerStreams } from './listener-streams.js';
import type { Bootstrap, BootstrapNowPlaying, BriefOccurrence, StationCard } from './bootstrap-shape.js';

/**
 * Everything the listener page and the widget pages need to start, written into their HTML
 * (`<script type="application/json" id="radio-bootstrap">`): the station, the stream address,
 * now playing, the schedule, the request queue and the last hour of chat, with the id of the
 * newest live event so the live feed resumes exactly after it. The pages then make no REST call
 * to start, so an address whose API budget is spent still gets a page that plays.
 *
 * The JSON is prepared at most once a second, when a page is asked for, and handed out as the
 * same text (and the same compressed page) until the data changes: page loads cost no store
 * reads and no compression of their own.
 */
export interface PageBootstrapDeps {
  config: Readonly<Config>;
  station: StationService;
  schedule: ScheduleService;
  requests: RequestService;
  chat: ChatService;
  liveEvents: LiveEventLog;
  logoUrl: string;
  /** The station's square icons (the system player's artwork in several sizes); none when absent. */
  icons?: ReadonlyArray<{ url: string; type: string; sizes: string }>;
  log: Logger;
  /** Milliseconds; the clock the freshness bound is read on. */
  now?: () => number;
}

/** How old prepared data may be before the next page request reads the store again. */
export const BOOTSTRAP_MAX_AGE_MS = 1000;
const CHAT_MESSAGES = 50;
const QUEUE_LENGTH = 10;
const SCHEDULE_ENTRIES = 30;

/**
 * JSON safe inside a <script> element and free of `%NAME%` placeholders: `<`, `>`, `&` and `%`
 * as \u escapes (still the same JSON), and the two line separators old parsers choke on.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&%\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export class PageBootstrap {
  private listener: LiveText = { version: 0, text: '' };
  private widget: LiveText = { version: 0, text: '' };
  private preparedAt = -Infinity;
  private pending: Promise<void> | null = null;
  private failing = false;
  private readonly now: () => number;

  private readonly stationCard: StationCard;
  private readonly rules: NonNullable<Bootstrap['rules']>;

  constructor(private readonly deps: PageBootstrapDeps) {
    this.now = deps.now ?? Date.now;
    const { station, requests } = deps.config;
    this.stationCard = {
      name: station.name,
      genre: station.genre,
      language: station.language,
      timezone: station.timezone,
      streamUrl: station.streamUrl ?? '',
      // Several mounts to choose between (the first is the default); streamUrl alone otherwise.
      streams: listenerStreams(station),
      logo: deps.logoUrl,
      icons: (deps.icons ?? []).filter((icon) => icon.sizes !== 'any').map(({ url, type, sizes }) => ({ src: url, type, sizes })),
      artUrlTemplate: station.artUrlTemplate,
      donateUrl: station.donateUrl,
      inBandTitles: station.inBandTitles,
    };
    this.rules = { requestThresholdSeconds: requests.thresholdSeconds, requestDelaySeconds: requests.delaySeconds };
    // Until the store has answered once, the pages still get the station (config): they play.
    this.update('widget', scriptSafeJson({ station: this.stationCard } satisfies Bootstrap));
    this.update('listener', scriptSafeJson({ station: this.stationCard, rules: this.rules } satisfies Bootstrap));
  }

  /** The listener page's bootstrap. */
  listenerPage(): LiveText | Promise<LiveText> {
    return this.fresh(() => this.listener);
  }

  /** The widget pages' bootstrap: the station and now playing only. */
  widgetPage(): LiveText | Promise<LiveText> {
    return this.fresh(() => this.widget);
  }

  private fresh(pick: () => LiveText): LiveText | Promise<LiveText> {
    // Synchronous while fresh: the edge then answers inside the uWS callback.
    if (this.now() - this.preparedAt < BOOTSTRAP_MAX_AGE_MS) return pick();
    this.pending ??= this.prepare().finally(() => {
      this.pending = null;
    });
    return this.pending.then(pick);
  }

  private async prepare(): Promise<void> {
    const { station, schedule, requests, chat, liveEvents, log } = this.deps;
    try {
      // The newest event id first: anything published while the rest is read is replayed by the
      // live feed after it (and de-duplicated by the page), so nothing falls between the two.
      const lastEventId = await liveEvents.lastId();
      const [state, queue, messages] = await Promise.all([
        station.peek() ?? station.state(),
        requests.list('all', QUEUE_LENGTH, SERVER_LANGUAGES[this.deps.config.station.language] ?? en),
        chat.history(undefined, CHAT_MESSAGES),
      ]);
      const { now_playing, ...rest } = station.nowPlayingOf(state);
      // `elapsed` changes every second; the page counts it from played_at (and stops at duration).
      const current = now_playing && { song: now_playing.song, played_at: now_playing.played_at, ...(now_playing.duration === undefined ? {} : { duration: now_playing.duration }) };
      const nowPlaying: BootstrapNowPlaying = { now_playing: current, ...rest };
      const programme = schedule.schedule();
      const brief = ({ id, title, host, starts_at, ends_at, type }: (typeof programme.upcoming)[number]): BriefOccurrence => ({ id, title, host, starts_at, ends_at, type });
      const stationCard = this.stationCard;
      this.update('widget', scriptSafeJson({ station: stationCard, lastEventId, nowPlaying } satisfies Bootstrap));
      this.update(
        'listener',
        scriptSafeJson({
          station: stationCard,
          rules: this.rules,
          lastEventId,
          nowPlaying,
          schedule: { timezone: programme.timezone, current: programme.current && brief(programme.current), upcoming: programme.upcoming.slice(0, SCHEDULE_ENTRIES).map(brief) },
          requests: queue,
          chat: messages,
        } satisfies Bootstrap),
      );
      if (this.failing) log.info('page bootstrap: the store answers again');
      this.failing = false;
    } catch (error) {
      // The pages keep the last good data (or none): they still play, and the live feed fills in.
      if (!this.failing) log.warn({ err: error }, 'page bootstrap: the store did not answer; pages keep the last data they had');
      this.failing = true;
    }
    this.preparedAt = this.now();
  }

  private update(which: 'listener' | 'widget', text: string): void {
    const current = this[which];
    if (current.text !== text) this[which] = { version: current.version + 1, text };
  }
}
