import { useEffect, useRef, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import type { ChatBan } from '../../../src/station/shapes.js';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { ChatMessage } from '../shared/live.js';
import { useChat } from '../shared/use-live.js';
import { ChatList } from '../listener/chat.js';
import { useStaffEvent } from './staff-live.js';

const DURATIONS = ['3600', '86400', '604800', '2592000'];

/** What the last delete or ban answered: undoable until `until` (Unix seconds). */
interface Undoable {
  text: string;
  token: string;
  until: number;
}

const kindText = (kind: ChatBan['kind']) => (kind === 'sender' ? t.banKindSender : kind === 'ip' ? t.banKindIp : t.banKindNickname);

/**
 * The live chat for staff: per message a calm Remove and a Ban… that asks first (the sender, or
 * only the nickname; for how long; why). A delete or a ban can be undone for 30 s. Then a ban
 * form (nickname or address) and the bans in force, with who set them, why, until when, and Unban.
 */
export function Moderation({ socket, staffSocket, adminKey }: { socket: Socket; staffSocket: Socket; adminKey: string }) {
  const messages = useChat(socket);
  const [bans, setBans] = useState<ChatBan[]>([]);
  const [notice, setNotice] = useState('');
  const [status, setStatus] = useState('');
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const [banning, setBanning] = useState<ChatMessage | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const loadBans = () => void api<{ bans: ChatBan[] }>('/api/admin/chat/bans', { adminKey }).then((r) => r.ok && setBans(r.data.bans));
  // Bans set or lifted in another console show up here at once (the staff channel's bans:changed),
  // and are read again whenever that channel (re)connects: nothing said while it was away is lost.
  useEffect(() => {
    loadBans();
    staffSocket.on('connect', loadBans);
    return () => void staffSocket.off('connect', loadBans);
  }, [adminKey]);
  useStaffEvent(staffSocket, 'bans:changed', loadBans);
  // The undo offer goes when its time is up.
  useEffect(() => {
    if (!undoable) return;
    const timer = setTimeout(() => setUndoable(null), Math.max(0, undoable.until * 1000 - Date.now()));
    return () => clearTimeout(timer);
  }, [undoable]);
  useEffect(() => {
    if (banning) dialog.current?.showModal();
    else dialog.current?.close();
  }, [banning]);

  const act = async <T>(path: string, method: string, body?: unknown) => {
    const result = await api<T>(path, { method, body, adminKey });
    setNotice(result.ok ? '' : errorText(result));
    setStatus('');
    loadBans();
    return result.ok ? result.data : null;
  };

  const remove = async (m: ChatMessage) => {
    const done = await act<{ undo: { token: string; until: number } }>(`/api/admin/chat/messages/${encodeURIComponent(m.id)}`, 'DELETE');
    if (done) setUndoable({ text: t.removedNotice(m.nickname), ...done.undo });
  };

  const confirmBan = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const message = banning!;
    const seconds = Number(formText(data, 'seconds'));
    const reason = formText(data, 'reason');
    const done =
      formText(data, 'target') === 'sender'
        ? await act<{ undo: Undoable }>(`/api/admin/chat/messages/${encodeURIComponent(message.id)}/ban`, 'POST', { seconds, ...(reason ? { reason } : {}) })
        : await act<{ undo: Undoable }>('/api/admin/chat/bans', 'POST', { nickname: message.nickname, seconds, ...(reason ? { reason } : {}) });
    setBanning(null);
    if (done) setUndoable({ text: t.bannedNotice(message.nickname), token: done.undo.token, until: done.undo.until });
  };

  const undo = async () => {
    const token = undoable!.token;
    setUndoable(null);
    if (await act(`/api/admin/chat/undo/${encodeURIComponent(token)}`, 'POST')) setStatus(t.undoneNotice);
  };

  const submitBan = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const reason = formText(data, 'reason');
    const done = await act<{ undo: Undoable }>('/api/admin/chat/bans', 'POST', {
      [formText(data, 'kind')]: formText(data, 'value'),
      seconds: Number(formText(data, 'seconds')),
      ...(reason ? { reason } : {}),
    });
    if (done) {
      setUndoable({ text: t.bannedNotice(formText(data, 'value')), token: done.undo.token, until: done.undo.until });
      form.reset();
    }
  };

  return html`<section class="card wide" aria-labelledby="moderation-heading">
    <h2 id="moderation-heading">${t.chat}</h2>
    <div aria-live="polite">
      <${ChatList}
        messages=${messages}
        actions=${(m: ChatMessage) =>
          html`<span class="row-actions">
            <button type="button" class="quiet" aria-label=${`${t.remove}: ${m.nickname}`} onClick=${() => remove(m)}>${t.remove}</button>
            <button type="button" class="quiet" aria-label=${`${t.banEllipsis} ${m.nickname}`} onClick=${() => setBanning(m)}>${t.banEllipsis}</button>
          </span>`}
      />
    </div>
    <div class="undo-bar" role="status" id="undo-bar">
      ${undoable ? html`<span>${undoable.text}</span> <button type="button" class="secondary" onClick=${undo}>${t.undo}</button>` : status}
    </div>
    <p class="error" role="alert">${notice}</p>
    <dialog ref=${dialog} class="card ban-dialog" aria-labelledby="ban-dialog-heading" onClose=${() => setBanning(null)}>
      ${
        banning &&
        html`<form onSubmit=${confirmBan}>
          <h3 id="ban-dialog-heading">${t.banWho(banning.nickname)}</h3>
          <p class="muted chat-text">${banning.message}</p>
          <fieldset>
            <legend>${t.banTarget}</legend>
            <label class="choice"><input type="radio" name="target" value="sender" checked /> <span>${t.banSenderChoice}</span></label>
            <label class="choice"><input type="radio" name="target" value="nickname" /> <span>${t.banNicknameChoice}</span></label>
          </fieldset>
          <label for="ban-dialog-duration">${t.banFor}</label>
          <select id="ban-dialog-duration" name="seconds">
            ${DURATIONS.map((d) => html`<option value=${d} selected=${d === '86400'}>${t.durations[d]}</option>`)}
          </select>
          <label for="ban-dialog-reason">${t.banReason}</label>
          <input id="ban-dialog-reason" name="reason" maxlength="200" />
          <div class="row-actions">
            <button type="submit">${t.banConfirm}</button>
            <button type="button" class="secondary" onClick=${() => setBanning(null)}>${t.cancel}</button>
          </div>
        </form>`
      }
    </dialog>
    <form class="inline-form" onSubmit=${submitBan}>
      <div>
        <label for="ban-kind">${t.banTarget}</label>
        <select id="ban-kind" name="kind">
          <option value="nickname">${t.banKindNickname}</option>
          <option value="ip">${t.banKindIp}</option>
        </select>
      </div>
      <div><label for="ban-value">${t.banValue}</label><input id="ban-value" name="value" required maxlength="45" /></div>
      <div>
        <label for="ban-duration">${t.banFor}</label>
        <select id="ban-duration" name="seconds">
          ${DURATIONS.map((d) => html`<option value=${d} selected=${d === '86400'}>${t.durations[d]}</option>`)}
        </select>
      </div>
      <div><label for="ban-reason">${t.banReason}</label><input id="ban-reason" name="reason" maxlength="200" /></div>
      <button type="submit">${t.banAdd}</button>
    </form>
    <h3>${t.bans}</h3>
    ${
      bans.length === 0
        ? html`<p class="muted">${t.bansEmpty}</p>`
        : html`<ul class="plain-list" id="ban-list">
            ${bans.map(
              (b) =>
                html`<li key=${b.kind + b.value}>
                  <span>
                    <strong>${b.label}</strong>
                    <span class="muted"> (${kindText(b.kind)}) ${t.banUntil(dateTime(b.until))}${b.by ? html` · ${t.banBy(b.by)}` : ''}${b.reason ? html` · “${b.reason}”` : ''}</span>
                  </span>
                  <button
                    type="button"
                    class="secondary"
                    aria-label=${`${t.unban}: ${b.label}`}
                    onClick=${() => act(`/api/admin/chat/bans/${b.kind}/${encodeURIComponent(b.value)}`, 'DELETE')}
                  >
                    ${t.unban}
                  </button>
                </li>`,
            )}
          </ul>`
    }
  </section>`;
}
