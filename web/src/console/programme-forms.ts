import { useState } from 'preact/hooks';
import { formText } from '../shared/api.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { eventOverlaps, showOverlaps } from './programme-overlaps.js';
import { p } from './programme-strings.js';
import { zonedFields, zonedIso } from './station-zone.js';

export interface Show {
  id: string;
  title: string;
  host?: string;
  description?: string;
  days: string[];
  start: string;
  end: string;
}
export interface OneOff {
  id: string;
  title: string;
  host?: string;
  description?: string;
  start: string;
  end: string;
}
export interface Playlist {
  id: string;
  name: string;
  description?: string;
  genre?: string;
  song_count?: number;
  url?: string;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
// Under the `v` flag a browser compiles `pattern` with, `-` in a class must be escaped.
const ID_PATTERN = '[A-Za-z0-9_\\-]+';

/** What a form hands back: the whole item as it will be stored (optional fields left empty are left out). */
export type Save<T> = (item: T) => Promise<boolean>;

interface FormProps<T> {
  /** The item being edited (its id is then fixed), or null for a new one. */
  editing: T | null;
  onSave: Save<T>;
  onCancel: () => void;
}

/** An optional text field: present only when it holds something. */
const optional = (data: FormData, name: string) => (formText(data, name) ? { [name]: formText(data, name) } : {});

function IdField({ prefix, editing }: { prefix: string; editing: { id: string } | null }) {
  return html`<div>
    <label for=${`${prefix}-id`}>${t.showId}</label>
    <input id=${`${prefix}-id`} name="id" required maxlength="64" pattern=${ID_PATTERN} defaultValue=${editing?.id ?? ''} readonly=${editing !== null} />
  </div>`;
}

function Buttons({ label, editing, onCancel }: { label: string; editing: unknown; onCancel: () => void }) {
  return html`<div class="form-actions">
    <button type="submit">${label}</button>
    ${editing ? html`<button type="button" class="secondary" onClick=${onCancel}>${p.cancelEdit}</button>` : ''}
  </div>`;
}

function Overlaps({ names }: { names: string[] }) {
  return html`<p class="warning" role="status">${names.length > 0 ? p.overlaps(names.join(', ')) : ''}</p>`;
}

const submitted =
  <T>(read: (data: FormData) => T, onSave: Save<T>, editing: unknown) =>
  async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    if ((await onSave(read(new FormData(form)))) && !editing) form.reset();
  };

/** A weekly show: every field, the days as a row of toggles, times in the station's zone. */
export function ShowForm({ editing, onSave, onCancel, shows, zone }: FormProps<Show> & { shows: Show[]; zone: string }) {
  const read = (d: FormData): Show => ({
    id: formText(d, 'id'),
    title: formText(d, 'title'),
    ...optional(d, 'host'),
    ...optional(d, 'description'),
    days: d.getAll('days').map(String),
    start: formText(d, 'start'),
    end: formText(d, 'end'),
  });
  const [overlaps, setOverlaps] = useState<string[]>([]);
  const check = (event: Event) => setOverlaps(showOverlaps(read(new FormData(event.currentTarget as HTMLFormElement)), shows).map((s) => s.title));
  return html`<form class="programme-form" id="show-form" onSubmit=${submitted(read, onSave, editing)} onInput=${check} onChange=${check}>
    ${editing ? html`<p class="editing">${p.editing(editing.title)}</p>` : ''}
    <${IdField} prefix="show" editing=${editing} />
    <div><label for="show-title">${t.showTitle}</label><input id="show-title" name="title" required maxlength="200" defaultValue=${editing?.title ?? ''} /></div>
    <div><label for="show-host">${t.showHost}</label><input id="show-host" name="host" maxlength="200" defaultValue=${editing?.host ?? ''} /></div>
    <div class="wide-field">
      <label for="show-description">${p.description}</label>
      <textarea id="show-description" name="description" maxlength="2000" rows="2" defaultValue=${editing?.description ?? ''}></textarea>
    </div>
    <fieldset class="day-toggles">
      <legend>${t.showDays}</legend>
      ${DAYS.map(
        (d) => html`<label class="day-toggle"><input type="checkbox" name="days" value=${d} defaultChecked=${editing?.days.includes(d) ?? false} /><span>${t.weekdays[d]}</span></label>`,
      )}
    </fieldset>
    <div><label for="show-start">${t.showStart} (${zone})</label><input id="show-start" name="start" type="time" required defaultValue=${editing?.start ?? ''} /></div>
    <div><label for="show-end">${t.showEnd} (${zone})</label><input id="show-end" name="end" type="time" required defaultValue=${editing?.end ?? ''} /></div>
    <${Overlaps} names=${overlaps} />
    <${Buttons} label=${t.saveShow} editing=${editing} onCancel=${onCancel} />
  </form>`;
}

/** A one-off event: native date and time fields in the station's zone, sent as ISO 8601 with the zone's offset. */
export function EventForm({ editing, onSave, onCancel, events, zone }: FormProps<OneOff> & { events: OneOff[]; zone: string }) {
  const read = (d: FormData): OneOff => ({
    id: formText(d, 'id'),
    title: formText(d, 'title'),
    ...optional(d, 'host'),
    ...optional(d, 'description'),
    start: zonedIso(formText(d, 'start-date'), formText(d, 'start-time'), zone),
    end: zonedIso(formText(d, 'end-date'), formText(d, 'end-time'), zone),
  });
  const start = editing ? zonedFields(editing.start, zone) : { date: '', time: '' };
  const end = editing ? zonedFields(editing.end, zone) : { date: '', time: '' };
  const [overlaps, setOverlaps] = useState<string[]>([]);
  const check = (event: Event) => {
    const d = new FormData(event.currentTarget as HTMLFormElement);
    const complete = ['start-date', 'start-time', 'end-date', 'end-time'].every((name) => formText(d, name));
    setOverlaps(complete ? eventOverlaps(read(d), events).map((e) => e.title) : []);
  };
  return html`<form class="programme-form" id="event-form" onSubmit=${submitted(read, onSave, editing)} onInput=${check} onChange=${check}>
    ${editing ? html`<p class="editing">${p.editing(editing.title)}</p>` : ''}
    <p class="muted wide-field">${p.zoneNote(zone)}</p>
    <${IdField} prefix="event" editing=${editing} />
    <div><label for="event-title">${t.showTitle}</label><input id="event-title" name="title" required maxlength="200" defaultValue=${editing?.title ?? ''} /></div>
    <div><label for="event-host">${t.showHost}</label><input id="event-host" name="host" maxlength="200" defaultValue=${editing?.host ?? ''} /></div>
    <div class="wide-field">
      <label for="event-description">${p.description}</label>
      <textarea id="event-description" name="description" maxlength="2000" rows="2" defaultValue=${editing?.description ?? ''}></textarea>
    </div>
    <div><label for="event-start-date">${p.startDate}</label><input id="event-start-date" name="start-date" type="date" required defaultValue=${start.date} /></div>
    <div><label for="event-start-time">${p.startTime}</label><input id="event-start-time" name="start-time" type="time" required defaultValue=${start.time} /></div>
    <div><label for="event-end-date">${p.endDate}</label><input id="event-end-date" name="end-date" type="date" required defaultValue=${end.date} /></div>
    <div><label for="event-end-time">${p.endTime}</label><input id="event-end-time" name="end-time" type="time" required defaultValue=${end.time} /></div>
    <${Overlaps} names=${overlaps} />
    <${Buttons} label=${t.saveEvent} editing=${editing} onCancel=${onCancel} />
  </form>`;
}

/** A playlist: every field the API stores (name, description, genre, song count, link). */
export function PlaylistForm({ editing, onSave, onCancel }: FormProps<Playlist>) {
  const read = (d: FormData): Playlist => ({
    id: formText(d, 'id'),
    name: formText(d, 'name'),
    ...optional(d, 'description'),
    ...optional(d, 'genre'),
    ...(formText(d, 'song_count') ? { song_count: Number(formText(d, 'song_count')) } : {}),
    ...optional(d, 'url'),
  });
  return html`<form class="programme-form" id="playlist-form" onSubmit=${submitted(read, onSave, editing)}>
    ${editing ? html`<p class="editing">${p.editing(editing.name)}</p>` : ''}
    <${IdField} prefix="playlist" editing=${editing} />
    <div><label for="playlist-name">${t.playlistName}</label><input id="playlist-name" name="name" required maxlength="200" defaultValue=${editing?.name ?? ''} /></div>
    <div><label for="playlist-genre">${p.genre}</label><input id="playlist-genre" name="genre" maxlength="100" defaultValue=${editing?.genre ?? ''} /></div>
    <div>
      <label for="playlist-songs">${p.songCount}</label>
      <input id="playlist-songs" name="song_count" type="number" min="0" step="1" defaultValue=${editing?.song_count ?? ''} />
    </div>
    <div><label for="playlist-url">${p.playlistUrl}</label><input id="playlist-url" name="url" type="url" defaultValue=${editing?.url ?? ''} /></div>
    <div class="wide-field">
      <label for="playlist-description">${p.description}</label>
      <textarea id="playlist-description" name="description" maxlength="2000" rows="2" defaultValue=${editing?.description ?? ''}></textarea>
    </div>
    <${Buttons} label=${t.savePlaylist} editing=${editing} onCancel=${onCancel} />
  </form>`;
}
