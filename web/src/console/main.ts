import { render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import '../styles/base.css';
import '../styles/console.css';
import { api, formText } from '../shared/api.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { connectLive, type NowPlaying, type SongRequest } from '../shared/live.js';
import { useConnected } from '../shared/use-live.js';
import { AuditLog } from './audit.js';
import { ListenerChart, type HistoryPoint } from './listener-chart.js';
import { Moderation } from './moderation.js';
import { Revenue } from './revenue.js';
import { StaffKeys } from './staff.js';
import { ProgrammeEditor } from './programme.js';
import { FeedbackInbox, Sources, WebhookDeliveries, type SourceStatus } from './staff-views.js';
import { PendingRequests } from './request-queue.js';
import { ChatSearch } from './chat-search.js';
import { Reports } from './reports.js';
import { connectStaff, useStaffConnected } from './staff-live.js';
import { cv } from './view-strings.js';
import { useView, viewsFor } from './views.js';
import type { StaffRole } from '../../../src/config/staff-identity.js';

// The staff key lives in sessionStorage: gone when the tab closes, never written anywhere else.
const KEY = 'radio-admin-key';

/** Who signed in (GET /api/admin/me): a moderator sees the chat and the queue, an admin everything. */
interface Staff {
  name: string;
  role: StaffRole;
}
const stationName = document.querySelector<HTMLMetaElement>('meta[name="radio-station"]')?.content ?? '';

interface Overview {
  status: { online: boolean; server_status: string; quality: string; uptime: { human: string }; listeners: number };
  stats: { peak_listeners_today: number; listener_history: HistoryPoint[] };
  now_playing: NowPlaying;
  sources: SourceStatus[];
}

function SignIn({ onKey }: { onKey: (key: string) => void }) {
  const [error, setError] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const key = formText(new FormData(event.currentTarget as HTMLFormElement), 'key');
    const result = await api('/api/admin/me', { adminKey: key });
    if (result.ok) {
      onKey(key);
      return;
    }
    setError(result.status === 503 && result.code === 'UNAVAILABLE' ? t.adminOff : result.status === 401 ? t.wrongKey : result.message || t.errorGeneric);
  };
  return html`<main class="signin card">
    <h1>${stationName} · ${t.console}</h1>
    <form onSubmit=${submit}>
      <label for="admin-key">${t.adminKey}</label>
      <input id="admin-key" name="key" type="password" autocomplete="current-password" required aria-describedby="admin-key-hint" />
      <small id="admin-key-hint">${t.adminKeyHint}</small>
      <button type="submit">${t.signIn}</button>
      <p class="error" role="alert">${error}</p>
    </form>
  </main>`;
}

function Dashboard({ adminKey, onSignOut }: { adminKey: string; onSignOut: () => void }) {
  const socket = useMemo(() => connectLive(), []);
  // Staff events (bans, audit entries) come on their own signed-in channel, never on the public /live.
  const staffSocket = useMemo(() => connectStaff(adminKey, onSignOut), [adminKey]);
  const [staff, setStaff] = useState<Staff | null>(null);
  useEffect(() => void api<Staff>('/api/admin/me', { adminKey }).then((r) => (r.ok ? setStaff(r.data) : r.status === 401 && onSignOut())), [adminKey]);
  const connected = useConnected(socket);
  const staffConnected = useStaffConnected(staffSocket);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [pending, setPending] = useState<SongRequest[]>([]);
  const allowed = viewsFor(staff?.role ?? 'moderator');
  const view = useView(allowed);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);

  useEffect(() => {
    const load = () => void api<Overview>('/api/admin/station', { adminKey }).then((r) => r.ok && setOverview(r.data));
    // The staff route: reading the queue never spends the staff member's public API budget.
    const loadRequests = () => void api<{ requests: SongRequest[] }>('/api/admin/requests?status=pending&limit=50', { adminKey }).then((r) => r.ok && setPending(r.data.requests));
    const onConnect = () => {
      load();
      loadRequests();
    };
    const onNew = (request: SongRequest) => setPending((list) => (list.some((r) => r.id === request.id) ? list : [...list, request]));
    // A request still pending was changed (its priority): kept, updated; played or rejected: gone from the queue.
    const onUpdated = (request: SongRequest) =>
      setPending((list) => (request.status === 'pending' ? list.map((r) => (r.id === request.id ? request : r)) : list.filter((r) => r.id !== request.id)));
    socket.on('connect', onConnect);
    socket.on('nowplaying', load);
    socket.on('status', load);
    socket.on('request:new', onNew);
    socket.on('request:updated', onUpdated);
    const timer = setInterval(load, 60_000); // the chart's hourly points
    return () => {
      clearInterval(timer);
      socket.disconnect();
      staffSocket.disconnect();
    };
  }, [adminKey]);

  // A move to another view puts the focus on its heading (a screen reader says where it is), and the tab's title follows.
  useEffect(() => {
    document.title = `${cv.views[view] ?? view} · ${stationName} · ${t.console}`;
    if (firstView.current) firstView.current = false;
    else heading.current?.focus();
  }, [view]);

  return html`<header class="console-bar">
      <p class="console-title">${stationName} · ${t.console}</p>
      <span id="signed-in-as">${staff ? t.signedInAs(staff.name, t.roles[staff.role] ?? staff.role) : ''}</span>
      <button type="button" class="secondary" onClick=${onSignOut}>${t.signOut}</button>
    </header>
    <nav class="console-nav" aria-label=${cv.viewsNav}>
      <ul>
        ${allowed.map((id) => html`<li key=${id}><a href=${`#/${id}`} aria-current=${id === view ? 'page' : undefined}>${cv.views[id]}</a></li>`)}
      </ul>
    </nav>
    <div class="connection" role="status">${connected ? (staffConnected ? '' : cv.staffLiveOff) : t.offline}</div>
    <main class="console-grid" id="console-main" data-view=${view}>
      <h1 class="view-heading" tabindex="-1" ref=${heading}>${cv.views[view]}</h1>
      ${view === 'live' ? html`<${OverviewCard} overview=${overview} /><${Moderation} socket=${socket} staffSocket=${staffSocket} adminKey=${adminKey} /><${ChatSearch} adminKey=${adminKey} />` : ''}
      ${view === 'requests' ? html`<${PendingRequests} pending=${pending} setPending=${setPending} adminKey=${adminKey} />${staff?.role === 'admin' ? html`<${FeedbackInbox} adminKey=${adminKey} />` : ''}` : ''}
      ${view === 'programme' ? html`<${ProgrammeEditor} socket=${socket} adminKey=${adminKey} />` : ''}
      ${
        view === 'revenue'
          ? html`<section class="card wide" aria-labelledby="revenue-heading">
              <h2 id="revenue-heading">${t.revenue}</h2>
              <${Revenue} adminKey=${adminKey} />
            </section>`
          : ''
      }
      ${view === 'reports' ? html`<${Reports} adminKey=${adminKey} />` : ''}
      ${view === 'staff' ? html`<${StaffKeys} adminKey=${adminKey} /><${AuditLog} staffSocket=${staffSocket} adminKey=${adminKey} />` : ''}
      ${
        view === 'sources'
          ? html`<section class="card wide" aria-labelledby="sources-heading">
                <h2 id="sources-heading">${t.sources}</h2>
                <${Sources} sources=${overview?.sources ?? []} />
              </section>
              <${WebhookDeliveries} adminKey=${adminKey} />`
          : ''
      }
    </main>`;
}

/** Now playing, the station's health and the listeners over 24 hours: the first thing staff look at. */
function OverviewCard({ overview }: { overview: Overview | null }) {
  const song = overview?.now_playing.now_playing?.song;
  return html`<section class="card" aria-labelledby="overview-heading">
      <h2 id="overview-heading">${t.nowPlaying}</h2>
      ${
        overview
          ? html`<p class="song-line"><strong>${song?.title ?? t.nothingPlaying}</strong> ${song ? html`<span class="muted">– ${song.artist}</span>` : ''}</p>
              <dl class="facts">
                <div>
                  <dt>${t.sourceHealth}</dt>
                  <dd data-online=${overview.status.online}>${overview.status.online ? t.onAir : t.offAir} (${overview.status.server_status})</dd>
                </div>
                <div>
                  <dt>${t.quality}</dt>
                  <dd>${overview.status.quality}</dd>
                </div>
                <div>
                  <dt>${t.uptime}</dt>
                  <dd>${overview.status.uptime.human}</dd>
                </div>
                <div>
                  <dt>${t.listenersNow}</dt>
                  <dd>${overview.status.listeners}</dd>
                </div>
                <div>
                  <dt>${t.peakToday}</dt>
                  <dd>${overview.stats.peak_listeners_today}</dd>
                </div>
              </dl>`
          : html`<p class="muted">${t.loading}</p>`
      }
    </section>
    <section class="card" aria-labelledby="chart-heading">
      <h2 id="chart-heading">${t.listeners24h}</h2>
      <${ListenerChart} history=${overview?.stats.listener_history ?? []} />
    </section>`;
}

function ConsolePage() {
  const [key, setKey] = useState(() => sessionStorage.getItem(KEY));
  if (!key)
    return html`<${SignIn}
      onKey=${(k: string) => {
        sessionStorage.setItem(KEY, k);
        setKey(k);
      }}
    />`;
  return html`<${Dashboard}
    adminKey=${key}
    onSignOut=${() => {
      sessionStorage.removeItem(KEY);
      setKey(null);
    }}
  />`;
}

const root = document.getElementById('app')!;
// The server-rendered placeholder (the station name, shown before the script runs) gives way to the app.
root.replaceChildren();
render(html`<${ConsolePage} />`, root);
