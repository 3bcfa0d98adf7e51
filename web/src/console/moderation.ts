import { useEffect, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { useChat } from '../shared/use-live.js';
import { ChatList } from '../listener/chat.js';

interface Ban {
  kind: 'nickname' | 'ip';
  value: string;
  label: string;
  until: number;
}

const DURATIONS = ['3600', '86400', '604800', '2592000'];

/** The live chat with delete and ban, a ban form (nickname or client address) and the bans with unban. */
export function Moderation({ socket, adminKey }: { socket: Socket; adminKey: string }) {
  const messages = useChat(socket);
  const [bans, setBans] = useState<Ban[]>([]);
  const [notice, setNotice] = useState('');
  const [duration, setDuration] = useState('86400');

  const loadBans = () => void api<{ bans: Ban[] }>('/api/admin/chat/bans', { adminKey }).then((r) => r.ok && setBans(r.data.bans));
  useEffect(loadBans, [adminKey]);

  const act = async (path: string, method: string, body?: unknown) => {
    const result = await api(path, { method, body, adminKey });
    setNotice(result.ok ? '' : errorText(result));
    if (result.ok) loadBans();
    return result.ok;
  };
  const ban = (kind: string, value: string, reason?: string) => act('/api/admin/chat/bans', 'POST', { [kind]: value, seconds: Number(duration), ...(reason ? { reason } : {}) });

  const submitBan = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    if (await ban(formText(data, 'kind'), formText(data, 'value'), formText(data, 'reason'))) form.reset();
  };

  return html`<section class="card wide" aria-labelledby="moderation-heading">
    <h2 id="moderation-heading">${t.chat}</h2>
    <div aria-live="polite">
      <${ChatList}
        messages=${messages}
        actions=${(m: { id: string; nickname: string }) =>
          html`<span class="row-actions">
            <button type="button" class="danger" aria-label=${`${t.delete}: ${m.nickname}`} onClick=${() => act(`/api/admin/chat/messages/${encodeURIComponent(m.id)}`, 'DELETE')}>
              ${t.delete}
            </button>
            <button type="button" class="secondary" aria-label=${`${t.banNickname}: ${m.nickname}`} onClick=${() => ban('nickname', m.nickname)}>${t.banNickname}</button>
          </span>`}
      />
    </div>
    <p class="error" role="alert">${notice}</p>
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
        <select id="ban-duration" value=${duration} onChange=${(e: Event) => setDuration((e.target as HTMLSelectElement).value)}>
          ${DURATIONS.map((d) => html`<option value=${d}>${t.durations[d]}</option>`)}
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
                  <span><strong>${b.label}</strong> <span class="muted">(${b.kind === 'ip' ? t.banKindIp : t.banKindNickname}) ${t.banUntil(dateTime(b.until))}</span></span>
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
