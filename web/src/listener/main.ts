import { render } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import '../styles/base.css';
import '../styles/listener.css';
import { readBootstrap, type Bootstrap } from '../shared/bootstrap.js';
import { budgetPausedUntil } from '../shared/budget.js';
import { openFeed, type FeedState } from '../shared/feed.js';
import { artUrl, clockTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t, waitText } from '../shared/i18n.js';
import { chatIdMs } from '../shared/chat-id.js';
import type { ChatMessage, NowPlaying, SongRequest, StationStatus } from '../shared/live.js';
import { Chat } from './chat.js';
import { Player } from './player.js';
import { Rating } from './rating.js';
import { mergeRequest, RequestQueue } from './requests.js';
import { RequestDialog } from './request-dialog.js';
import { ShareAndGive } from './share.js';
import { shownSong, type HeardTitle } from './shown-song.js';
import { SongProgress } from './progress.js';
import { playableStreams, rememberedStream, StreamPicker } from './stream-choice.js';
import { Schedule, type ScheduleData } from './schedule.js';

// The listener page starts from what the server wrote into it (page-bootstrap.ts) and stays
// current through the SSE feed, resumed after the bootstrap's newest event: no REST call is
// needed to play, to show now playing, the schedule, the queue or the chat.

const EVENTS = ['nowplaying', 'listeners', 'status', 'schedule:updated', 'chat:message', 'chat:deleted', 'request:new', 'request:updated'];

const boot: Bootstrap = readBootstrap() ?? { station: { name: document.title, language: document.documentElement.lang, streamUrl: '', logo: '', artUrlTemplate: null } };
const station = boot.station;
const rules = boot.rules ?? { requestThresholdSeconds: 900, requestDelaySeconds: 300 };
// The mounts this browser can play; a page from before `streams` has the one streamUrl.
const streams = playableStreams(station.streams ?? (station.streamUrl ? [{ label: '', url: station.streamUrl }] : []));

function mergeChat(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => chatIdMs(a.id) - chatIdMs(b.id) || (a.id < b.id ? -1 : 1)).slice(-100);
}

/** Re-renders every `ms`: the schedule moves on, a budget pause ends. */
function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function ListenerPage() {
  const feed = useMemo(() => openFeed('', EVENTS, boot.lastEventId), []);
  const [feedState, setFeedState] = useState<FeedState>(feed.state);
  const [nowPlaying, setNowPlaying] = useState<NowPlaying | null>(boot.nowPlaying ?? null);
  const [messages, setMessages] = useState<ChatMessage[]>(boot.chat ?? []);
  const [requests, setRequests] = useState<SongRequest[]>(boot.requests ?? []);
  const [schedule, setSchedule] = useState<ScheduleData | null>(boot.schedule ?? null);
  const [pausedUntil, setPausedUntil] = useState(budgetPausedUntil);
  const [everOpen, setEverOpen] = useState(false);
  const now = useNow(pausedUntil ? 1000 : 30_000);
  const paused = pausedUntil > now;

  useEffect(() => {
    feed.onState((state) => {
      setFeedState(state);
      if (state === 'open') setEverOpen(true);
    });
    feed.on<NowPlaying>('nowplaying', setNowPlaying);
    feed.on<NowPlaying['listeners']>('listeners', (listeners) => setNowPlaying((np) => np && { ...np, listeners }));
    feed.on<StationStatus>('status', (status) => setNowPlaying((np) => np && { ...np, online: status.online, listeners: { ...np.listeners, current: status.listeners } }));
    // Staff edited the programme: the new schedule arrives whole, no REST call.
    feed.on<{ schedule: ScheduleData }>('schedule:updated', (update) => setSchedule(update.schedule));
    feed.on<ChatMessage>('chat:message', (message) => setMessages((list) => mergeChat(list, [message])));
    feed.on<{ id: string }>('chat:deleted', ({ id }) => setMessages((list) => list.filter((m) => m.id !== id)));
    const onRequest = (request: SongRequest) => setRequests((list) => mergeRequest(list, request, 10));
    feed.on<SongRequest>('request:new', onRequest);
    feed.on<SongRequest>('request:updated', onRequest);
    return () => feed.close();
  }, [feed]);

  // The title the listener hears: the stream's own (in-band, in step with the audio) while it
  // gives one, else the hub's. Artwork and details come with it when the hub knows that song.
  const [heard, setHeard] = useState<HeardTitle | null>(null);
  const onStreamTitle = useCallback((title: HeardTitle | null) => setHeard(title?.title.trim() ? title : null), []);
  const [streamUrl, setStreamUrl] = useState(() => rememberedStream(streams));

  const hubSong = nowPlaying?.now_playing ?? null;
  const history = nowPlaying?.song_history ?? [];
  const shown = shownSong(heard, hubSong, history);
  const song = shown.song;
  const onAir = nowPlaying?.online ?? false;
  const artwork = (song && artUrl(station.artUrlTemplate, song)) || station.logo;
  const next = shown.current ? (nowPlaying?.playing_next ?? null) : null;
  const live = nowPlaying?.live;
  const budgetNotice = paused ? html`<p class="notice" role="status" id="budget-notice">${t.budgetPaused(clockTime(pausedUntil / 1000), waitText((pausedUntil - now) / 1000))}</p>` : null;
  const fallBackToLogo = (e: Event) => {
    const img = e.currentTarget as HTMLImageElement;
    if (station.logo && !img.src.endsWith(station.logo)) img.src = station.logo;
  };

  return html`<a class="skip" href="#play">${t.skipToContent}</a>
    <header class="station">
      ${station.logo && html`<img class="logo" src=${station.logo} alt=${t.stationLogo(station.name)} width="48" height="48" />`}
      <div class="station-name">
        <h1>${station.name}</h1>
        <p class="muted">${station.genre}</p>
      </div>
      <p class="on-air" data-on-air=${onAir}>
        <span class="dot" aria-hidden="true"></span>${onAir ? t.onAir : t.offAir}${nowPlaying && html` · <span id="listener-count">${t.listeners(nowPlaying.listeners.current)}</span>`}
      </p>
    </header>
    <section class="now-bar" aria-label=${t.playerRegion}>
      <div class="now-bar-inner">
        <img class="thumb" src=${artwork} alt="" width="56" height="56" onError=${fallBackToLogo} />
        <div aria-live="polite" id="now-playing" class="now-text" data-loaded=${nowPlaying !== null}>
          ${
            song
              ? html`<p class="song"><span class="title" title=${song.title}>${song.title}</span><span class="artist" title=${song.artist}>${song.artist}</span></p>`
              : html`<p class="song"><span class="title">${onAir ? t.liveNoTitle : t.offAir}</span><span class="artist">${station.name}</span></p>`
          }
        </div>
        <${Player}
          streamUrl=${streamUrl}
          song=${song}
          stationName=${station.name}
          artwork=${artwork}
          logo=${station.logo}
          icons=${station.icons ?? []}
          onAir=${onAir}
          inBandTitles=${station.inBandTitles}
          onStreamTitle=${onStreamTitle}
        />
      </div>
    </section>
    <div class="connection" role="status">${feedState === 'retrying' ? (everOpen ? t.offline : t.liveUpdatesPaused) : ''}</div>
    <main class="layout">
      <div class="primary">
        <section class="card now" aria-labelledby="now-heading">
          <img class="artwork" src=${artwork} alt=${song ? t.artwork(song.text) : t.stationLogo(station.name)} width="160" height="160" onError=${fallBackToLogo} />
          <div class="now-details">
            <h2 id="now-heading">${t.nowPlaying}</h2>
            <p class="now-song">${song ? html`<strong>${song.title}</strong> <span class="muted">${song.artist}</span>` : html`<strong>${onAir ? t.liveNoTitle : t.offAir}</strong>`}</p>
            ${song?.album && html`<p class="album muted" id="album">${t.album(song.album)}</p>`}
            ${live?.is_live && html`<p class="presenter" id="live-presenter"><span class="dot" aria-hidden="true"></span>${t.livePresenter(live.streamer_name)}</p>`}
            ${shown.current && hubSong && html`<${SongProgress} key=${`${hubSong.song.id}:${hubSong.played_at}`} playedAt=${hubSong.played_at} duration=${hubSong.duration ?? null} />`}
            ${next && html`<p class="up-next" id="up-next"><span class="label">${t.upNext}</span> <span>${next.song.title}</span> <span class="muted">– ${next.song.artist}</span></p>`}
            <${StreamPicker} streams=${streams} chosen=${streamUrl} onChoose=${setStreamUrl} />
            <${ShareAndGive} songText=${song ? `${song.title} – ${song.artist}` : null} stationName=${station.name} donateUrl=${station.donateUrl ?? null} />
          </div>
          ${song && html`<${Rating} key=${song.id} song=${song} paused=${paused} onBudgetSpent=${setPausedUntil} />`}
        </section>
        <section class="card" aria-labelledby="recent-heading">
          <h2 id="recent-heading">${t.recentlyPlayed}</h2>
          ${
            history.length === 0
              ? html`<p class="muted">${t.recentlyPlayedEmpty}</p>`
              : html`<ol class="recent" id="recently-played">
                  ${history
                    .slice(0, 10)
                    .map(
                      (p) =>
                        html`<li key=${`${p.played_at}:${p.song.id}`}><time>${clockTime(p.played_at)}</time> <span>${p.song.title}</span> <span class="muted">– ${p.song.artist}</span></li>`,
                    )}
                </ol>`
          }
        </section>
        <section class="card" aria-labelledby="schedule-heading">
          <h2 id="schedule-heading">${t.schedule}</h2>
          <${Schedule} schedule=${schedule} nowMs=${now} onAir=${onAir} />
        </section>
      </div>
      <div class="secondary">
        ${budgetNotice}
        <${Chat} messages=${messages} paused=${paused} onBudgetSpent=${setPausedUntil} onPosted=${(m: ChatMessage) => setMessages((list) => mergeChat(list, [m]))} />
        <section class="card" aria-labelledby="request-heading">
          <h2 id="request-heading">${t.songRequests}</h2>
          <${RequestDialog} rules=${rules} paused=${paused} onBudgetSpent=${setPausedUntil} />
          <h3>${t.requestQueue}</h3>
          <div id="request-queue" aria-live="polite"><${RequestQueue} requests=${requests} /></div>
        </section>
      </div>
    </main>`;
}

const root = document.getElementById('app')!;
// The server-rendered placeholder (the station name, shown before the script runs) gives way to the app.
root.replaceChildren();
render(html`<${ListenerPage} />`, root);
