import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { CsvDownload, parseCsv } from './csv-download.js';
import { SeriesChart } from './series-chart.js';
import { cv } from './view-strings.js';

interface Share {
  name: string;
  sessions: number;
}
interface ListenerReport {
  from: string;
  to: string;
  timezone: string;
  days: Array<{ date: string; sessions: number; listener_hours: number; peak_listeners: number }>;
  hours?: Array<{ hour: string; sessions: number; listener_hours: number; peak_listeners: number }>;
  range: { sessions: number; listener_hours: number; average_session_seconds: number | null; peak_listeners: number; players: Share[]; countries: Share[] };
}
interface TopSong {
  artist: string;
  title: string;
  plays: number;
  audience: number;
}

const RANGES = ['1', '7', '30'] as const;
type Range = (typeof RANGES)[number];

/** A day of the station's zone, `days` before `date` (YYYY-MM-DD, calendar arithmetic: no zone involved). */
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
/** An instant as the report's hour labels write it (YYYY-MM-DDTHH:00 in the station's zone). */
const hourIn = (timezone: string, ms: number) =>
  `${new Intl.DateTimeFormat('sv-SE', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).format(new Date(ms)).replace(' ', 'T')}:00`;
/** A cell of our CSVs as written: a leading apostrophe only guards a formula character (src/api/csv.ts). */
const cellText = (cell: string | undefined) => (cell && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : (cell ?? ''));

/** The songs of the plays CSV with their plays and audience (distinct sessions that heard each play, summed), most heard first. */
function topSongsOf(csv: string, limit = 10): TopSong[] {
  const [header, ...rows] = parseCsv(csv);
  const column = (name: string) => header?.indexOf(name) ?? -1;
  const [artist, title, audience] = [column('artist'), column('title'), column('audience')];
  const songs = new Map<string, TopSong>();
  for (const row of rows) {
    const key = `${cellText(row[artist])}\u0000${cellText(row[title])}`;
    const song = songs.get(key) ?? { artist: cellText(row[artist]), title: cellText(row[title]), plays: 0, audience: 0 };
    song.plays += 1;
    song.audience += Number(row[audience]) || 0;
    songs.set(key, song);
  }
  return [...songs.values()].sort((a, b) => b.audience - a.audience || b.plays - a.plays).slice(0, limit);
}

/**
 * The reports (GET /api/admin/reports/…, issue 31's API): listeners over the last 24 hours (hourly)
 * or 7 or 30 days, sessions, players, countries, the songs most heard, and the CSVs for the books
 * and the reports of use. Days are the station's (the server picks today in its zone).
 */
export function Reports({ adminKey }: { adminKey: string }) {
  const [range, setRange] = useState<Range>('1');
  const [report, setReport] = useState<ListenerReport | null>(null);
  const [songs, setSongs] = useState<TopSong[] | null>(null);
  const [timezone, setTimezone] = useState<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true; // this range is still the one shown (read through a function: it changes across the awaits)
    const stillShown = () => alive;
    // 24 hours: the default week by hour (its last day is today in the station's zone), cut to the last 24 hours.
    const query = range === '1' || !report ? '?by=hour' : `?from=${daysBefore(report.to, Number(range) - 1)}&to=${report.to}`;
    void api<ListenerReport>(`/api/admin/reports/listeners${query}`, { adminKey }).then(async (r) => {
      if (!stillShown()) return;
      setError(r.ok ? '' : errorText(r));
      if (!r.ok) return;
      setReport(r.data);
      setTimezone(r.data.timezone);
      const songsFrom = range === '1' ? daysBefore(r.data.to, 1) : r.data.from;
      const plays = await fetch(`/api/admin/reports/royalties.csv?from=${songsFrom}&to=${r.data.to}`, { headers: { authorization: `Bearer ${adminKey}` } }).catch(() => null);
      if (stillShown()) setSongs(plays?.ok ? topSongsOf(await plays.text()) : []);
    });
    return () => {
      alive = false;
    };
  }, [adminKey, range]);

  const series = (() => {
    if (!report) return { labels: [], values: [] };
    if (range === '1') {
      // The last 24 hours of the station's clock, each labelled as the report labels it; an hour without figures is 0.
      const byHour = new Map((report.hours ?? []).map((h) => [h.hour, h.peak_listeners]));
      const now = Date.now();
      const hours = Array.from({ length: 24 }, (_, i) => hourIn(timezone ?? report.timezone, now - (23 - i) * 3_600_000));
      return { labels: hours.map((h) => h.slice(11)), values: hours.map((h) => byHour.get(h) ?? 0) };
    }
    return { labels: report.days.map((d) => d.date.slice(5)), values: report.days.map((d) => d.peak_listeners) };
  })();
  const peak = series.values.length ? Math.max(...series.values) : 0;
  const from = report && range === '1' ? daysBefore(report.to, 1) : report?.from;
  const csvRange = report ? `from=${from}&to=${report.to}` : '';

  return html`<section class="card wide" aria-labelledby="reports-heading">
    <h2 id="reports-heading">${cv.listenersOver(cv.reportRanges[range] ?? '')}</h2>
    <fieldset class="segmented">
      <legend>${cv.reportRange}</legend>
      ${RANGES.map(
        (r) =>
          html`<label class="segment"><input type="radio" name="report-range" value=${r} checked=${range === r} onChange=${() => setRange(r)} /><span>${cv.reportRanges[r]}</span></label>`,
      )}
    </fieldset>
    <p class="error" role="alert">${error}</p>
    ${
      !report
        ? html`<p class="muted">${t.loading}</p>`
        : html`${
              series.values.length === 0
                ? html`<p class="muted">${cv.reportEmpty}</p>`
                : html`<${SeriesChart}
                    labels=${series.labels}
                    values=${series.values}
                    name=${cv.peakListeners}
                    summary=${`${cv.listenersOver(cv.reportRanges[range] ?? '')}. ${cv.peakListeners}: ${peak}`}
                  />`
            }
            <dl class="facts" id="report-figures">
              <div>
                <dt>${cv.sessions}</dt>
                <dd>${report.range.sessions}</dd>
              </div>
              <div>
                <dt>${cv.listenerHours}</dt>
                <dd>${report.range.listener_hours}</dd>
              </div>
              <div>
                <dt>${cv.peakListeners}</dt>
                <dd>${report.range.peak_listeners}</dd>
              </div>
              <div>
                <dt>${cv.averageSession}</dt>
                <dd>${report.range.average_session_seconds === null ? '–' : cv.minutesShort(Math.round(report.range.average_session_seconds / 60))}</dd>
              </div>
            </dl>
            <div class="report-lists">
              <${ShareList} id="report-players" heading=${cv.players} shares=${report.range.players} />
              <${ShareList} id="report-countries" heading=${cv.countries} shares=${report.range.countries.map((c) => ({ ...c, name: c.name === '--' ? cv.unknownCountry : c.name }))} />
            </div>
            <h3>${cv.topSongs}</h3>
            ${
              songs === null
                ? html`<p class="muted">${t.loading}</p>`
                : songs.length === 0
                  ? html`<p class="muted">${cv.reportEmpty}</p>`
                  : html`<ol class="plain-list ranked" id="report-top-songs">
                      ${songs.map(
                        (s) =>
                          html`<li key=${s.artist + s.title}>
                            <span><strong>${s.title}</strong> <span class="muted">– ${s.artist}</span></span>
                            <span class="num">${cv.audience}: ${s.audience} · ${cv.plays}: ${s.plays}</span>
                          </li>`,
                      )}
                    </ol>`
            }
            <h3>${cv.downloads}</h3>
            <ul class="plain-list downloads">
              <${CsvDownload} adminKey=${adminKey} path=${`/api/admin/reports/listeners.csv?${csvRange}`} filename=${`listeners-${from}-${report.to}.csv`} label=${cv.downloadListenersCsv} />
              <${CsvDownload} adminKey=${adminKey} path=${`/api/admin/reports/royalties.csv?${csvRange}`} filename=${`plays-${from}-${report.to}.csv`} label=${cv.downloadRoyaltiesCsv} />
              <${CsvDownload}
                adminKey=${adminKey}
                path=${`/api/admin/reports/royalties.csv?${csvRange}&format=soundexchange`}
                filename=${`soundexchange-${from}-${report.to}.csv`}
                label=${cv.downloadSoundExchange}
              />
            </ul>`
    }
  </section>`;
}

function ShareList({ id, heading, shares }: { id: string; heading: string; shares: Share[] }) {
  return html`<div>
    <h3>${heading}</h3>
    ${
      shares.length === 0
        ? html`<p class="muted">${cv.reportEmpty}</p>`
        : html`<ul class="plain-list" id=${id}>
            ${shares.slice(0, 8).map((s) => html`<li key=${s.name}><span>${s.name}</span><span class="num">${s.sessions}</span></li>`)}
          </ul>`
    }
  </div>`;
}
