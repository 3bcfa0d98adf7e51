import { serializeSuccess } from '../http/reply.js';
import type { StationState } from '../station/model.js';
import type { StationService } from '../station/station-service.js';
import type { Rendered, StateRender } from './prepared-response.js';

// The station answers a polling app asks for again and again, each with what its client SHOWS
// for the weak ETag: the body less the fields that only tell the time (`timestamp`, `elapsed`,
// `uptime.seconds`; `uptime.human` stays, it changes once a minute). The bodies keep every field
// of the spec; an unchanged song with unchanged listeners is one ETag, so its polls get 304.

export const MOBILE_API_VERSION = '1.0.0';

export const statusAnswer =
  (station: StationService): StateRender<StationState> =>
  (state, second): Rendered => {
    const status = station.statusOf(state);
    return { body: serializeSuccess(status, { timestamp: second, api_version: MOBILE_API_VERSION }), shown: { ...status, uptime: status.uptime.human } };
  };

export const statsAnswer =
  (station: StationService): StateRender<StationState> =>
  (state): Rendered => {
    const stats = station.statsOf(state);
    return { body: serializeSuccess(stats), shown: { ...stats, server_uptime: stats.server_uptime.human } };
  };

export const nowPlayingAnswer =
  (station: StationService): StateRender<StationState> =>
  (state): Rendered => {
    const nowPlaying = station.nowPlayingOf(state);
    const current = nowPlaying.now_playing;
    return { body: serializeSuccess(nowPlaying), shown: { ...nowPlaying, now_playing: current && { song: current.song, played_at: current.played_at } } };
  };

export const streamStatsAnswer =
  (station: StationService): StateRender<StationState> =>
  (state): Rendered => {
    const stats = station.streamStatsOf(state);
    return { body: serializeSuccess(stats), shown: { ...stats, uptime: stats.uptime.human } };
  };

/** The song alone: nothing in it tells the time, so the body is its own (strong) validator, the same for the whole song. */
export const currentSongAnswer =
  (station: StationService): StateRender<StationState> =>
  (state): Rendered => {
    const { now_playing } = station.nowPlayingOf(state);
    return {
      body: serializeSuccess(
        now_playing ? { ...now_playing.song, played_at: now_playing.played_at, ...(now_playing.duration === undefined ? {} : { duration: now_playing.duration }) } : null,
      ),
    };
  };
