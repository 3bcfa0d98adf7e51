import { api } from '../shared/api.js';
import { stringsFor } from '../shared/i18n.js';
import { connectLive, type NowPlaying } from '../shared/live.js';
import widgetCss from './widget.css?inline';

// The embeddable widgets as custom elements with a shadow root: <radio-now-playing> and
// <radio-player>. Plain DOM (no framework) to stay small; themable from the host page through
// CSS variables, which cross the shadow boundary: --radio-bg, --radio-text, --radio-muted,
// --radio-accent, --radio-on-accent, --radio-border, --radio-radius, --radio-font.

interface Shared {
  origin: string;
  nowPlaying: NowPlaying | null;
  streamUrl: string | null;
  listeners: Set<() => void>;
}

let shared: Shared | null = null;

/** One live connection per page, however many widgets it holds. */
function station(origin: string): Shared {
  if (shared) return shared;
  const state: Shared = { origin, nowPlaying: null, streamUrl: null, listeners: new Set() };
  shared = state;
  const changed = () => state.listeners.forEach((listener) => listener());
  const socket = connectLive(origin);
  socket.on('nowplaying', (np: NowPlaying) => {
    state.nowPlaying = np;
    changed();
  });
  socket.on('listeners', (l: NowPlaying['listeners']) => {
    if (state.nowPlaying) state.nowPlaying = { ...state.nowPlaying, listeners: l };
    changed();
  });
  void api<{ stream_url: string }>('/api/mobile/status', { origin }).then((r) => {
    if (r.ok) state.streamUrl = r.data.stream_url;
    changed();
  });
  return state;
}

let sheet: CSSStyleSheet | null = null;
function styles(): CSSStyleSheet {
  // A constructed sheet, not a <style> element: no inline style for the host page's CSP to refuse.
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
  }
  return sheet;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

abstract class RadioWidget extends HTMLElement {
  protected readonly root = this.attachShadow({ mode: 'open' });
  protected state!: Shared;
  protected strings = stringsFor('en');
  private readonly update = () => this.render();
  static origin = '';

  connectedCallback(): void {
    this.strings = stringsFor(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang'));
    this.root.adoptedStyleSheets = [styles()];
    this.state = station((this.constructor as typeof RadioWidget).origin);
    this.state.listeners.add(this.update);
    this.build();
    this.render();
  }

  disconnectedCallback(): void {
    this.state.listeners.delete(this.update);
  }

  protected abstract build(): void;
  protected abstract render(): void;
}

export class RadioNowPlaying extends RadioWidget {
  private songTitle!: HTMLElement;
  private artist!: HTMLElement;
  private meta!: HTMLElement;

  protected build(): void {
    const card = el('section', 'card');
    card.setAttribute('aria-label', this.strings.nowPlaying);
    card.setAttribute('part', 'card');
    const station = el('p', 'station', this.getAttribute('station') ?? '');
    const label = el('p', 'label', this.strings.nowPlaying);
    this.songTitle = el('p', 'title');
    this.artist = el('p', 'artist');
    this.meta = el('p', 'meta');
    const live = el('div', 'live');
    live.setAttribute('aria-live', 'polite');
    live.append(this.songTitle, this.artist);
    card.append(station, label, live, this.meta);
    this.root.replaceChildren(card);
  }

  protected render(): void {
    const np = this.state.nowPlaying;
    const song = np?.now_playing?.song;
    this.songTitle.textContent = song ? song.title : np ? this.strings.nothingPlaying : this.strings.loading;
    this.artist.textContent = song?.artist ?? '';
    this.meta.textContent = np ? `${np.online ? this.strings.onAir : this.strings.offAir} · ${this.strings.listeners(np.listeners.current)}` : '';
  }
}

export class RadioPlayer extends RadioWidget {
  private button!: HTMLButtonElement;
  private song!: HTMLElement;
  private audio!: HTMLAudioElement;
  private playing = false;

  protected build(): void {
    const bar = el('div', 'mini');
    bar.setAttribute('part', 'player');
    this.button = el('button', 'play');
    this.button.type = 'button';
    this.button.addEventListener('click', () => this.toggle());
    this.song = el('p', 'mini-song');
    this.song.setAttribute('aria-live', 'polite');
    this.audio = el('audio', '');
    this.audio.preload = 'none';
    this.audio.addEventListener('pause', () => {
      this.playing = false;
      this.render();
    });
    bar.append(this.button, this.song, this.audio);
    this.root.replaceChildren(bar);
  }

  private toggle(): void {
    if (this.playing) {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio.load();
    } else if (this.state.streamUrl) {
      this.audio.src = this.state.streamUrl;
      void this.audio.play().then(
        () => {
          this.playing = true;
          this.render();
        },
        () => undefined,
      );
    }
    this.playing = false;
    this.render();
  }

  protected render(): void {
    const song = this.state.nowPlaying?.now_playing?.song;
    const station = this.getAttribute('station') ?? '';
    // The visible word starts the accessible name (WCAG 2.5.3); the station name follows for screen readers.
    const icon = el('span', '', this.playing ? '❚❚ ' : '▶ ');
    icon.setAttribute('aria-hidden', 'true');
    this.button.replaceChildren(icon, this.playing ? this.strings.pause : this.strings.listenLive, el('span', 'vh', station ? ` ${station}` : ''));
    this.button.disabled = !this.state.streamUrl;
    this.song.textContent = song ? song.text : station;
  }
}

/** Registers both elements; `origin` is the station's server (empty: this page's own). */
export function defineWidgets(origin: string): void {
  RadioWidget.origin = origin;
  if (!customElements.get('radio-now-playing')) customElements.define('radio-now-playing', RadioNowPlaying);
  if (!customElements.get('radio-player')) customElements.define('radio-player', RadioPlayer);
}
