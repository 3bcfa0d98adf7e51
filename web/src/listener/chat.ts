import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { noteBudgetRefusal } from '../shared/budget.js';
import { errorText } from '../shared/error-text.js';
import { clockTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { ChatMessage } from '../shared/live.js';

const NICKNAME_KEY = 'radio-nickname';

export function ChatList({ messages, actions }: { messages: ChatMessage[]; actions?: (message: ChatMessage) => unknown }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);
  if (messages.length === 0) return html`<p class="muted">${t.chatEmpty}</p>`;
  return html`<ol class="chat-list" ref=${list} tabindex="0" aria-label=${t.chat}>
    ${messages.map(
      (m) =>
        html`<li key=${m.id} data-id=${m.id}>
          <span class="chat-meta"><strong>${m.nickname}</strong> <time>${clockTime(m.timestamp)}</time></span>
          <span class="chat-text">${m.message}</span>
          ${actions?.(m)}
        </li>`,
    )}
  </ol>`;
}

/** Read and post (REST: the live feed brings the message back to everyone); refusals in words. */
export function Chat({
  messages,
  onPosted,
  paused,
  onBudgetSpent,
}: {
  messages: ChatMessage[];
  onPosted: (message: ChatMessage) => void;
  paused: boolean;
  onBudgetSpent: (until: number) => void;
}) {
  const [nickname, setNickname] = useState(() => localStorage.getItem(NICKNAME_KEY) ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  const send = async (event: Event) => {
    event.preventDefault();
    setSending(true);
    localStorage.setItem(NICKNAME_KEY, nickname.trim());
    const result = await api<ChatMessage>('/api/mobile/chat', { body: { nickname: nickname.trim(), message: text } });
    setSending(false);
    if (result.ok) {
      onPosted(result.data);
      setText('');
      setError('');
      return;
    }
    const until = noteBudgetRefusal(result);
    if (until) {
      onBudgetSpent(until);
      setError('');
      return;
    }
    setError(`${t.chatRefused} ${errorText(result)}`);
  };

  return html`<section aria-labelledby="chat-heading" class="card chat">
    <h2 id="chat-heading">${t.chat}</h2>
    <div aria-live="polite" aria-relevant="additions"><${ChatList} messages=${messages} /></div>
    <form onSubmit=${send} class="chat-form">
      <label for="chat-nickname">${t.nickname}</label>
      <input
        id="chat-nickname"
        name="nickname"
        autocomplete="nickname"
        required
        minlength="2"
        maxlength="20"
        value=${nickname}
        aria-describedby="chat-nickname-hint"
        onInput=${(e: Event) => setNickname((e.target as HTMLInputElement).value)}
      />
      <small id="chat-nickname-hint">${t.nicknameHint}</small>
      <label for="chat-message">${t.message}</label>
      <textarea id="chat-message" name="message" required maxlength="500" rows="2" value=${text} onInput=${(e: Event) => setText((e.target as HTMLTextAreaElement).value)}></textarea>
      <button type="submit" disabled=${sending || paused}>${sending ? t.sending : t.send}</button>
      <p class="error" role="alert" id="chat-error">${error}</p>
    </form>
  </section>`;
}
