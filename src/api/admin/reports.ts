import { Type } from '@sinclair/typebox';
import { serializeSuccess } from '../../http/reply.js';
import { defineRoute, type RequestContext, type RouteDefinition, type RouteResult } from '../../http/route.js';
import type { ListenerReports } from '../../station/listener-reports.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer } from '../conditional-get.js';
import { csvOf } from '../csv.js';
import { prepareBody } from '../prepared-response.js';

/** Reports move with every poll: a client keeps its copy but asks each time (304 while it is current). */
const REPORT_CACHE = 'private, no-cache';
const CSV_TYPE = 'text/csv; charset=utf-8';

const Day = (description: string) => Type.String({ format: 'date', 'x-messages': { format: 'must be a real date, YYYY-MM-DD' }, description });
const RangeQuery = {
  from: Type.Optional(Day('first day, YYYY-MM-DD in station time (default: 6 days before `to`)')),
  to: Type.Optional(Day('last day, YYYY-MM-DD in station time (default: today); at most 400 days after `from`')),
};

const Count = Type.Integer({ minimum: 0 });
const Share = Type.Object({ name: Type.String(), sessions: Count });
const DaySchema = Type.Object({
  date: Type.String(),
  sessions: Type.Integer({ minimum: 0, description: 'sessions that started that day' }),
  unique_listeners: Type.Integer({
    minimum: 0,
    description: 'distinct listeners (addresses under `full`, keyed hashes under `no_ip`); Redis counts them with a HyperLogLog (0.81 % standard error)',
  }),
  listener_hours: Type.Number({ minimum: 0 }),
  average_session_seconds: Type.Union([Type.Integer(), Type.Null()], { description: 'of the sessions that started that day and have ended' }),
  median_session_seconds: Type.Union([Type.Integer(), Type.Null()], { description: 'from the session-length histogram, off by at most its bucket' }),
  peak_listeners: Count,
  unknown_seconds: Type.Integer({ minimum: 0, description: 'seconds on air when no listener list could be read: the figures miss them' }),
});
const HourSchema = Type.Object({ hour: Type.String({ description: 'YYYY-MM-DDTHH:00, station time' }), sessions: Count, listener_hours: Type.Number({ minimum: 0 }), peak_listeners: Count });
const ListenerReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  timezone: Type.String(),
  analytics_level: Type.Union([Type.Literal('full'), Type.Literal('no_ip'), Type.Literal('none')], { description: '`none`: nothing is recorded' }),
  days: Type.Array(DaySchema, { description: 'the days that have figures' }),
  hours: Type.Optional(Type.Array(HourSchema, { description: 'with `by=hour`: 24 per day with figures' })),
  range: Type.Object({
    sessions: Count,
    listener_hours: Type.Number({ minimum: 0 }),
    average_session_seconds: Type.Union([Type.Integer(), Type.Null()]),
    median_session_seconds: Type.Union([Type.Integer(), Type.Null()]),
    peak_listeners: Count,
    unknown_seconds: Count,
    players: Type.Array(Share, { description: 'sessions per player (from the User-Agent), most first' }),
    countries: Type.Array(Share, { description: 'sessions per country (ISO 3166-1 alpha-2; `--` unknown), most first' }),
    mounts: Type.Array(Share, { description: 'sessions per source, most first' }),
    session_lengths: Type.Array(Type.Object({ up_to_seconds: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the open last bucket' }), sessions: Count }), {
      description: 'ended sessions per length bucket',
    }),
  }),
});

/**
 * The station's reports (admin): listeners per day (JSON, or CSV), and the royalty reports of
 * every play with its audience, or SoundExchange's report of use. ETag and 304 on each; each
 * request spends the client's report budget and reads at most 400 days of aggregates.
 */
export function reportRoutes(reports: ListenerReports): RouteDefinition[] {
  const answer = (ctx: RequestContext, body: Buffer, contentType?: string, filename?: string): RouteResult => {
    const prepared = prepareBody(body, REPORT_CACHE);
    if (filename) prepared.headers['Content-Disposition'] = `attachment; filename="${filename}"`;
    const result = conditionalAnswer(ctx.headers['if-none-match'], prepared);
    return result.kind === 'prepared' && contentType ? { ...result, contentType } : result;
  };
  const csvHeaders = { 'Content-Disposition': 'attachment, with a file name that says the report and its days' };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/reports/listeners',
      summary:
        'Listeners per day (sessions, unique listeners, listener hours, average and median session, peak) or per hour, and over the range players, countries, sources and session lengths (admin)',
      auth: 'admin',
      headers: CONDITIONAL_GET_HEADERS,
      query: Type.Object({
        ...RangeQuery,
        by: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('hour')], { description: '`hour`: also 24 hours per day, for ranges of at most 7 days' })),
      }),
      response: ListenerReportSchema,
      errors: ['RATE_LIMITED'],
      budget: 'reports',
      handler: async (ctx) => {
        return answer(ctx, serializeSuccess(await reports.listeners(ctx.query.from, ctx.query.to, ctx.query.by)));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/reports/listeners.csv',
      summary: 'Listeners per day as CSV, every day of the range (admin; `from` not after `to`, at most 400 days)',
      auth: 'admin',
      headers: CONDITIONAL_GET_HEADERS,
      query: Type.Object(RangeQuery),
      produces: { mediaTypes: ['text/csv'], description: 'date,sessions,unique_listeners,listener_hours,average_session_seconds,median_session_seconds,peak_listeners,unknown_seconds' },
      answerHeaders: csvHeaders,
      errors: ['RATE_LIMITED'],
      budget: 'reports',
      handler: async (ctx) => {
        const days = await reports.listenerDays(ctx.query.from, ctx.query.to);
        const header = ['date', 'sessions', 'unique_listeners', 'listener_hours', 'average_session_seconds', 'median_session_seconds', 'peak_listeners', 'unknown_seconds'];
        const rows = days.map((d) => [d.date, d.sessions, d.unique_listeners, d.listener_hours, d.average_session_seconds, d.median_session_seconds, d.peak_listeners, d.unknown_seconds]);
        return answer(ctx, Buffer.from(csvOf(header, rows)), CSV_TYPE, `listeners-${days[0]!.date}-${days.at(-1)!.date}.csv`);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/reports/royalties.csv',
      summary: "Every play with its audience as CSV, or with format=soundexchange SoundExchange's report of use per sound recording (admin; `from` not after `to`, at most 400 days)",
      auth: 'admin',
      headers: CONDITIONAL_GET_HEADERS,
      query: Type.Object({
        ...RangeQuery,
        format: Type.Optional(
          Type.Union([Type.Literal('plays'), Type.Literal('soundexchange')], { description: '`plays` (default): one row per play; `soundexchange`: one row per recording' }),
        ),
      }),
      produces: {
        mediaTypes: ['text/csv'],
        description:
          'plays: played_at,artist,title,album,label,isrc,duration_seconds,listeners_at_start,peak_listeners,audience,listener_seconds; soundexchange: NAME_OF_SERVICE,TRANSMISSION_CATEGORY,FEATURED_ARTIST,SOUND_RECORDING_TITLE,ISRC,ALBUM_TITLE,MARKETING_LABEL,ACTUAL_TOTAL_PERFORMANCES',
      },
      answerHeaders: csvHeaders,
      errors: ['RATE_LIMITED'],
      budget: 'reports',
      handler: async (ctx) => {
        const range = reports.range(ctx.query.from, ctx.query.to);
        const days = `${range.start.toISODate()}-${range.end.toISODate()}`;
        if (ctx.query.format === 'soundexchange') {
          const { serviceName, category, recordings } = await reports.soundExchange(ctx.query.from, ctx.query.to);
          const header = ['NAME_OF_SERVICE', 'TRANSMISSION_CATEGORY', 'FEATURED_ARTIST', 'SOUND_RECORDING_TITLE', 'ISRC', 'ALBUM_TITLE', 'MARKETING_LABEL', 'ACTUAL_TOTAL_PERFORMANCES'];
          const rows = recordings.map((r) => [serviceName, category, r.artist, r.title, r.isrc, r.album, r.label, r.performances]);
          return answer(ctx, Buffer.from(csvOf(header, rows)), CSV_TYPE, `soundexchange-${days}.csv`);
        }
        const plays = await reports.plays(ctx.query.from, ctx.query.to);
        const header = ['played_at', 'artist', 'title', 'album', 'label', 'isrc', 'duration_seconds', 'listeners_at_start', 'peak_listeners', 'audience', 'listener_seconds'];
        const rows = plays.map((p) => [p.playedAt, p.artist, p.title, p.album, p.label, p.isrc, p.durationSeconds, p.listenersAtStart, p.peakListeners, p.sessions, p.listenerSeconds]);
        return answer(ctx, Buffer.from(csvOf(header, rows)), CSV_TYPE, `royalties-${days}.csv`);
      },
    }),
  ];
}
