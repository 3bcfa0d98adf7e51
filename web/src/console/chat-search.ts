import { useState } from 'preact/hooks';
import type { ChatMessage } from '../shared/live.js';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { cv } from './view-strings.js';

interface SearchPage {
  messages: ChatMessage[];
  next: string | null;
}

/**
 * The kept chat history searched by words and nickname (GET /api/admin/chat/search): oldest
 * first, a page at a time (the server reads a bounded slice per page, so More results may be
 * needed before anything is found in a long history).
 */
export function ChatSearch({ adminKey }: { adminKey: string }) {
  const [query, setQuery] = useState<{ q: string; nickname: string } | null>(null);
  const [found, setFound] = useState<ChatMessage[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');

  const load = async (wanted: { q: string; nickname: string }, after: string | null) => {
    const params = new URLSearchParams({ limit: '25' });
    if (wanted.q) params.set('q', wanted.q);
    if (wanted.nickname) params.set('nickname', wanted.nickname);
    if (after) params.set('after', after);
    const result = await api<SearchPage>(`/api/admin/chat/search?${params.toString()}`, { adminKey });
    setError(result.ok ? '' : errorText(result));
    if (!result.ok) return;
    setFound((shown) => (after ? [...shown, ...result.data.messages] : result.data.messages));
    setNext(result.data.next);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const wanted = { q: formText(data, 'q'), nickname: formText(data, 'nickname') };
    setQuery(wanted);
    void load(wanted, null);
  };

  return html`<section class="card wide" aria-labelledby="chat-search-heading">
    <h2 id="chat-search-heading">${cv.chatSearch}</h2>
    <form class="inline-form filters" role="search" onSubmit=${submit}>
      <div><label for="chat-search-q">${cv.chatSearchWords}</label><input id="chat-search-q" name="q" maxlength="100" type="search" /></div>
      <div><label for="chat-search-nickname">${cv.chatSearchNickname}</label><input id="chat-search-nickname" name="nickname" maxlength="20" /></div>
      <button type="submit">${cv.search}</button>
    </form>
    <p class="error" role="alert">${error}</p>
    ${
      query &&
      html`<p class="muted" role="status">${cv.chatResults(found.length)}</p>
        <ul class="plain-list" id="chat-search-results">
          ${found.map(
            (m) =>
              html`<li key=${m.id}>
                <span class="chat-text"><strong>${m.nickname}</strong> ${m.message}</span>
                <span class="muted">${dateTime(m.timestamp)}</span>
              </li>`,
          )}
        </ul>
        ${next ? html`<button type="button" class="secondary" onClick=${() => void load(query, next)}>${cv.moreResults}</button>` : ''}`
    }
  </section>`;
}
