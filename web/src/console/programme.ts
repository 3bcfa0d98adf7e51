import { useEffect, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

interface Show {
  id: string;
  title: string;
  host?: string;
  days: string[];
  start: string;
  end: string;
}
interface OneOff {
  id: string;
  title: string;
  start: string;
  end: string;
}
interface Playlist {
  id: string;
  name: string;
}
interface ProgrammeData {
  revision: number;
  shows: Show[];
  events: OneOff[];
  playlists: Playlist[];
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/**
 * The programme edited live (PUT/DELETE /api/admin/programme/…): every page and app gets the
 * change through `schedule:updated`, this console included (another staff member's edit shows here too).
 */
export function ProgrammeEditor({ socket, adminKey }: { socket: Socket; adminKey: string }) {
  const [programme, setProgramme] = useState<ProgrammeData | null>(null);
  const [notice, setNotice] = useState('');

  const load = () => void api<ProgrammeData>('/api/admin/programme', { adminKey }).then((r) => r.ok && setProgramme(r.data));
  useEffect(() => {
    load();
    socket.on('schedule:updated', load);
    return () => void socket.off('schedule:updated', load);
  }, [adminKey]);

  const send = async (path: string, method: 'PUT' | 'DELETE', body?: unknown) => {
    const result = await api<ProgrammeData>(`/api/admin/programme/${path}`, { method, body, adminKey });
    setNotice(result.ok ? t.programmeSaved : errorText(result));
    if (result.ok) setProgramme(result.data);
    return result.ok;
  };
  const submit = (kind: string, read: (data: FormData) => Record<string, unknown>) => async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const item = read(new FormData(form));
    if (await send(`${kind}/${encodeURIComponent(String(item.id))}`, 'PUT', item)) form.reset();
  };
  const optional = (data: FormData, name: string) => (formText(data, name) ? { [name]: formText(data, name) } : {});
  const remove = (kind: string, id: string, label: string) =>
    html`<button type="button" class="secondary" aria-label=${`${t.delete}: ${label}`} onClick=${() => send(`${kind}/${encodeURIComponent(id)}`, 'DELETE')}>${t.delete}</button>`;

  return html`<section class="card wide" aria-labelledby="programme-heading" id="programme">
    <h2 id="programme-heading">${t.programme}</h2>
    <p class="notice" role="status">${notice}</p>
    ${
      !programme
        ? html`<p class="muted">${t.loading}</p>`
        : html`<h3>${t.programmeShows}</h3>
            <ul class="plain-list" id="programme-shows">
              ${programme.shows.map(
                (s) =>
                  html`<li key=${s.id}>
                    <span><strong>${s.title}</strong> <span class="muted">${s.days.map((d) => t.weekdays[d]).join(' ')} ${s.start}–${s.end}${s.host ? ` · ${s.host}` : ''}</span></span>
                    ${remove('shows', s.id, s.title)}
                  </li>`,
              )}
            </ul>
            <form
              class="inline-form"
              id="show-form"
              onSubmit=${submit('shows', (d) => ({
                id: formText(d, 'id'),
                title: formText(d, 'title'),
                ...optional(d, 'host'),
                days: d.getAll('days').map(String),
                start: formText(d, 'start'),
                end: formText(d, 'end'),
              }))}
            >
              <div><label for="show-id">${t.showId}</label><input id="show-id" name="id" required maxlength="64" pattern="[A-Za-z0-9_\\-]+" /></div>
              <div><label for="show-title">${t.showTitle}</label><input id="show-title" name="title" required maxlength="200" /></div>
              <div><label for="show-host">${t.showHost}</label><input id="show-host" name="host" maxlength="200" /></div>
              <fieldset>
                <legend>${t.showDays}</legend>
                ${DAYS.map((d) => html`<label class="check"><input type="checkbox" name="days" value=${d} /> ${t.weekdays[d]}</label>`)}
              </fieldset>
              <div><label for="show-start">${t.showStart}</label><input id="show-start" name="start" type="time" required /></div>
              <div><label for="show-end">${t.showEnd}</label><input id="show-end" name="end" type="time" required /></div>
              <button type="submit">${t.saveShow}</button>
            </form>
            <h3>${t.programmeEvents}</h3>
            <ul class="plain-list" id="programme-events">
              ${programme.events.map(
                (e) =>
                  html`<li key=${e.id}>
                    <span><strong>${e.title}</strong> <span class="muted">${e.start} – ${e.end}</span></span>
                    ${remove('events', e.id, e.title)}
                  </li>`,
              )}
            </ul>
            <form
              class="inline-form"
              id="event-form"
              onSubmit=${submit('events', (d) => ({ id: formText(d, 'id'), title: formText(d, 'title'), start: formText(d, 'start'), end: formText(d, 'end') }))}
            >
              <div><label for="event-id">${t.showId}</label><input id="event-id" name="id" required maxlength="64" pattern="[A-Za-z0-9_\\-]+" /></div>
              <div><label for="event-title">${t.showTitle}</label><input id="event-title" name="title" required maxlength="200" /></div>
              <div><label for="event-start">${t.eventStart}</label><input id="event-start" name="start" required placeholder="2026-12-24T22:00:00+01:00" /></div>
              <div><label for="event-end">${t.eventEnd}</label><input id="event-end" name="end" required placeholder="2026-12-25T01:00:00+01:00" /></div>
              <button type="submit">${t.saveEvent}</button>
            </form>
            <h3>${t.programmePlaylists}</h3>
            <ul class="plain-list" id="programme-playlists">
              ${programme.playlists.map(
                (p) =>
                  html`<li key=${p.id}>
                    <span><strong>${p.name}</strong></span
                    >${remove('playlists', p.id, p.name)}
                  </li>`,
              )}
            </ul>
            <form class="inline-form" id="playlist-form" onSubmit=${submit('playlists', (d) => ({ id: formText(d, 'id'), name: formText(d, 'name') }))}>
              <div><label for="playlist-id">${t.showId}</label><input id="playlist-id" name="id" required maxlength="64" pattern="[A-Za-z0-9_\\-]+" /></div>
              <div><label for="playlist-name">${t.playlistName}</label><input id="playlist-name" name="name" required maxlength="200" /></div>
              <button type="submit">${t.savePlaylist}</button>
            </form>`
    }
  </section>`;
}
