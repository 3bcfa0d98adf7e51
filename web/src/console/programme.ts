import { useEffect, useRef, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import { api, type ApiError } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import '../styles/console-programme.css';
import { EventForm, PlaylistForm, ShowForm, type OneOff, type Playlist, type Show } from './programme-forms.js';
import { p } from './programme-strings.js';
import { zonedText } from './station-zone.js';
import type { ProgrammeAnswer } from '../../../src/api/admin/programme.js';

// The server's own answer type (type-only: nothing of the server's code reaches the bundle).
type ProgrammeData = ProgrammeAnswer;
type Kind = 'shows' | 'events' | 'playlists';
type Item = Show | OneOff | Playlist;

/** The programme's ETag, as the server writes it (src/station/programme.ts programmeTag). */
const tagOf = (data: ProgrammeData) => `"${data.generation}.${data.revision}"`;

/**
 * The programme edited live (PUT/DELETE /api/admin/programme/…): every page and app gets the
 * change through `schedule:updated`, this console included (another staff member's edit shows
 * here too). Edit fills a form with every field of the item; a save sends the whole item with the
 * revision the edit started from (If-Match), so a save over someone else's newer one is refused
 * (412, naming them) and the console offers to reload instead of overwriting their change.
 */
export function ProgrammeEditor({ socket, adminKey }: { socket: Socket; adminKey: string }) {
  const [programme, setProgramme] = useState<ProgrammeData | null>(null);
  const [notice, setNotice] = useState('');
  const [stale, setStale] = useState<ApiError | null>(null);
  // What each form edits, and the revision it started from (the list's when the form is new).
  const [editing, setEditing] = useState<{ kind: Kind; item: Item; tag: string; nonce: number } | null>(null);
  const nonce = useRef(0);

  const load = () =>
    api<ProgrammeData>('/api/admin/programme', { adminKey }).then((r) => {
      if (r.ok) setProgramme(r.data);
      return r.ok ? r.data : null;
    });
  useEffect(() => {
    const reload = () => void load();
    reload();
    socket.on('schedule:updated', reload);
    return () => void socket.off('schedule:updated', reload);
  }, [adminKey]);

  const startEdit = (kind: Kind, item: Item, data: ProgrammeData) => {
    setEditing({ kind, item, tag: tagOf(data), nonce: ++nonce.current });
    setStale(null);
    setNotice('');
    // The form is below the list: take the staff member there, to its first field they may change.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`#${kind === 'shows' ? 'show' : kind === 'events' ? 'event' : 'playlist'}-form input:not([readonly])`)?.focus());
  };
  const cancel = () => setEditing(null);

  const send = async (kind: Kind, id: string, method: 'PUT' | 'DELETE', startedFrom: string, body?: unknown) => {
    const result = await api<ProgrammeData>(`/api/admin/programme/${kind}/${encodeURIComponent(id)}`, { method, body, adminKey, headers: { 'if-match': startedFrom } });
    if (result.ok) {
      setProgramme(result.data);
      setNotice(t.programmeSaved);
      setStale(null);
      setEditing(null);
      return true;
    }
    if (result.status === 412) {
      setStale(result);
      setNotice('');
    } else setNotice(errorText(result));
    return false;
  };
  const save = (kind: Kind) => (item: Item) => {
    const from = editing?.kind === kind ? editing.tag : programme ? tagOf(programme) : '*';
    return send(kind, item.id, 'PUT', from, item);
  };
  /** After a 412: the programme as it is now, and the item being edited as it is saved now (or the form kept, if it is gone). */
  const reload = async () => {
    const fresh = await load();
    setStale(null);
    if (!fresh) return;
    if (editing) {
      const now = (fresh[editing.kind] as Item[]).find((i) => i.id === editing.item.id);
      setEditing(now ? { kind: editing.kind, item: now, tag: tagOf(fresh), nonce: ++nonce.current } : null);
    }
    setNotice(p.reloaded);
  };

  const row = (kind: Kind, item: Item, label: string, detail: string, data: ProgrammeData) =>
    html`<li key=${item.id}>
      <span class="programme-item"><strong>${label}</strong> <span class="muted">${detail}</span></span>
      <span class="row-actions">
        <button type="button" aria-label=${`${p.edit}: ${label}`} onClick=${() => startEdit(kind, item, data)}>${p.edit}</button>
        <button type="button" class="secondary" aria-label=${`${t.delete}: ${label}`} onClick=${() => void send(kind, item.id, 'DELETE', tagOf(data))}>${t.delete}</button>
      </span>
    </li>`;
  const formFor = (kind: Kind) => (editing?.kind === kind ? editing.item : null);
  const keyFor = (kind: Kind) => (editing?.kind === kind ? `${kind}-${editing.nonce}` : `${kind}-new`);

  if (!programme)
    return html`<section class="card wide programme" aria-labelledby="programme-heading" id="programme">
      <h2 id="programme-heading">${t.programme}</h2>
      <p class="muted">${t.loading}</p>
    </section>`;
  const zone = programme.timezone;
  const language = document.documentElement.lang;
  return html`<section class="card wide programme" aria-labelledby="programme-heading" id="programme">
    <h2 id="programme-heading">${t.programme}</h2>
    <p class="muted">${programme.updated_by ? p.savedBy(programme.updated_by, programme.revision) : p.savedRevision(programme.revision)}</p>
    <p class="notice" role="status">${notice}</p>
    ${
      stale
        ? html`<div class="stale" role="alert">
            <p>${p.stale(stale.message)}</p>
            <button type="button" onClick=${() => void reload()}>${p.reload}</button>
          </div>`
        : ''
    }
    <h3>${t.programmeShows}</h3>
    <ul class="plain-list programme-list" id="programme-shows">
      ${programme.shows.map((s) => row('shows', s, s.title, `${s.days.map((d) => t.weekdays[d]).join(' ')} ${s.start}–${s.end}${s.host ? ` · ${s.host}` : ''}`, programme))}
    </ul>
    <${ShowForm} key=${keyFor('shows')} editing=${formFor('shows')} onSave=${save('shows')} onCancel=${cancel} shows=${programme.shows} zone=${zone} />
    <h3>${t.programmeEvents}</h3>
    <ul class="plain-list programme-list" id="programme-events">
      ${programme.events.map((e) => row('events', e, e.title, `${zonedText(e.start, zone, language)} – ${zonedText(e.end, zone, language)}`, programme))}
    </ul>
    <${EventForm} key=${keyFor('events')} editing=${formFor('events')} onSave=${save('events')} onCancel=${cancel} events=${programme.events} zone=${zone} />
    <h3>${t.programmePlaylists}</h3>
    <ul class="plain-list programme-list" id="programme-playlists">
      ${programme.playlists.map((pl) => row('playlists', pl, pl.name, [pl.genre, pl.song_count !== undefined ? `${pl.song_count}` : ''].filter(Boolean).join(' · '), programme))}
    </ul>
    <${PlaylistForm} key=${keyFor('playlists')} editing=${formFor('playlists')} onSave=${save('playlists')} onCancel=${cancel} />
  </section>`;
}
