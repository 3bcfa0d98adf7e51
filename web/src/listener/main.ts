import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import '../styles/base.css';
import '../styles/listener.css';
import { api } from '../shared/api.js';
import { clockTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { connectLive, type NowPlaying, type SongRequest } from '../shared/live.js';
import { useChat, useConnected, useLiveValue } from '../shared/use-live.js';
import { Chat } from './chat.js';
import { Player } from './player.js';
import { Rating } from './rating.js';
import { mergeRequest, RequestForm, RequestQueue } from './requests.js';
import { Schedule, type ScheduleData } from './schedule.js';

const stationName = document.querySelector<HTMLMetaElement>('meta[name="radio-station"]')?.content ?? document.title;

function ListenerPage() {
  const socket = useMemo(() => connectLive(), []);
  const connected = useConnected(socket);
  const messages = useChat(socket);
  const [nowPlaying] = useLiveValue<NowPlaying | null>(socket, 'nowplaying', null);
  const [listeners, setListeners] = useLiveValue<{ current: number } | null>(socket, 'listeners', null);
  const [streamUrl, setStreamUrl] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<ScheduleData | null>(null);
  const [requests, setRequests] = useState<SongRequest[]>([]);
  const [everConnected, setEverConnected] = useState(false);

  useEffect(() => {
    // Asked again on every (re)connect: whatever changed while we were away.
    const refresh = () => {
      setEverConnected(true);
      void api<{ stream_url: string }>('/api/mobile/status').then((r) => r.ok && setStreamUrl(r.data.stream_url));
      void api<ScheduleData>('/api/mobile/schedule').then((r) => r.ok && setSchedule(r.data));
      void api<{ requests: SongRequest[] }>('/api/mobile/requests?status=all&limit=10').then((r) => r.ok && setRequests(r.data.requests));
    };
    const onRequest = (request: SongRequest) => setRequests((list) => mergeRequest(list, request, 10));
    socket.on('connect', refresh);
    socket.on('request:new', onRequest);
    socket.on('request:updated', onRequest);
    return () => {
      socket.off('connect', refresh);
      socket.off('request:new', onRequest);
      socket.off('request:updated', onRequest);
    };
  }, [socket]);

  useEffect(() => {
    if (nowPlaying) setListeners(nowPlaying.listeners);
  }, [nowPlaying]);

  const song = nowPlaying?.now_playing?.song ?? null;
  const onAir = nowPlaying?.online ?? false;
  return html` <a class="skip" href="#play">${t.skipToContent}</a>
    <header class="station">
      <div>
        <h1>${stationName}</h1>
        <p class="muted">${document.documentElement.dataset.genre}</p>
      </div>
      <p class="on-air" data-on-air=${onAir}>
        <span class="dot" aria-hidden="true"></span>${onAir ? t.onAir : t.offAir} ${listeners && html` · <span id="listener-count">${t.listeners(listeners.current)}</span>`}
      </p>
    </header>
    <div class="connection" role="status">${!connected && everConnected ? t.offline : !connected ? t.loading : ''}</div>
    <main class="grid">
      <section class="card now" aria-labelledby="now-heading">
        <h2 id="now-heading">${t.nowPlaying}</h2>
        <div aria-live="polite" id="now-playing" data-loaded=${nowPlaying !== null}>
          ${
            song
              ? html`<p class="song"><span class="title">${song.title}</span><span class="artist">${song.artist}</span></p>`
              : html`<p class="muted">${nowPlaying ? t.nothingPlaying : t.loading}</p>`
          }
        </div>
        <${Player} streamUrl=${streamUrl} song=${song} stationName=${stationName} />
        ${song && html`<${Rating} key=${song.id} song=${song} />`}
      </section>
      <section class="card" aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">${t.schedule}</h2>
        <${Schedule} schedule=${schedule} />
      </section>
      <section class="card" aria-labelledby="recent-heading">
        <h2 id="recent-heading">${t.recentlyPlayed}</h2>
        <ol class="recent" id="recently-played">
          ${(nowPlaying?.song_history ?? [])
            .slice(0, 10)
            .map(
              (p) => html`<li key=${`${p.played_at}:${p.song.id}`}><time>${clockTime(p.played_at)}</time> <span>${p.song.title}</span> <span class="muted">– ${p.song.artist}</span></li>`,
            )}
        </ol>
      </section>
      <${Chat} socket=${socket} messages=${messages} />
      <section class="card" aria-labelledby="request-heading">
        <h2 id="request-heading">${t.requests}</h2>
        <${RequestForm} />
        <h3>${t.requestQueue}</h3>
        <div id="request-queue" aria-live="polite"><${RequestQueue} requests=${requests} /></div>
      </section>
    </main>`;
}

const root = document.getElementById('app')!;
// The server-rendered placeholder (the station name, shown before the script runs) gives way to the app.
root.replaceChildren();
render(html`<${ListenerPage} />`, root);
