import { parseColor, textOn } from '../../../src/api/web/colors.js';
import type { Bootstrap, StationCard } from '../shared/bootstrap.js';
import { openFeed } from '../shared/feed.js';
import { artUrl, durationText } from '../shared/format.js';
import { stringsFor } from '../shared/i18n.js';
import type { NowPlaying, StationStatus } from '../shared/live.js';
import widgetCss from './widget.css?inline';

// The embeddable widgets as custom elements with a shadow root: <radio-now-playing> and
// <radio-player>. Plain DOM (no framework) and the browser's EventSource (no client library) to
// stay small. They start from the station card (the iframe page's bootstrap, or
// /widget/station.json: config, no API budget spent) and the live feed's first event.
//
// Theme: `theme="light|dark|auto"` (attribute; the iframe pages take ?theme=). Without it a
// script-tag element follows the host page (the colour behind it), not the visitor's device: a
// light church site keeps light widgets in a dark-mode browser. Colours: --radio-bg, --radio-text,
// --radio-muted, --radio-accent, --radio-on-accent, --radio-border, --radio-radius, --radio-font;
// text on the accent is black or white, whichever gives >= 4.5:1, unless --radio-on-accent is set.

interface Shared {
  card: StationCard | null;
  nowPlaying: NowPlaying | null;
  listeners: Set<() => void>;
}

let shared: Shared | null = null;

/** One live feed per page, however many widgets it holds. */
function station(origin: string, bootstrap: Bootstrap | null): Shared {
  if (shared) return shared;
  const state: Shared = { card: bootstrap?.station ?? null, nowPlaying: bootstrap?.nowPlaying ?? null, listeners: new Set() };
  shared = state;
  const changed = () => state.listeners.forEach((listener) => listener());
  if (!state.card) {
    void fetch(`${origin}/widget/station.json`)
      .then((r) => (r.ok ? (r.json() as Promise<StationCard>) : null))
      .then((card) => {
        state.card = card;
        changed();
      })
      .catch(() => undefined);
  }
  const feed = openFeed(origin, ['nowplaying', 'listeners', 'status'], bootstrap?.lastEventId);
  feed.on<NowPlaying>('nowplaying', (np) => {
    state.nowPlaying = np;
    changed();
  });
  feed.on<NowPlaying['listeners']>('listeners', (listeners) => {
    if (state.nowPlaying) state.nowPlaying = { ...state.nowPlaying, listeners };
    changed();
  });
  feed.on<StationStatus>('status', (status) => {
    if (state.nowPlaying) state.nowPlaying = { ...state.nowPlaying, online: status.online };
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

/** Whether the page behind `element` is dark: the first opaque background up the tree. */
function hostIsDark(element: Element): boolean {
  for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
    const background = getComputedStyle(node).backgroundColor;
    const rgba = /rgba?\(([^)]+)\)/
      .exec(background)?.[1]
      ?.split(/[\s,/]+/)
      .map(Number);
    if (rgba && (rgba[3] === undefined || rgba[3] > 0.5)) return textOn(rgba.slice(0, 3) as [number, number, number]) === '#ffffff';
  }
  // Nothing painted: the canvas, dark only when the page itself declares only a dark scheme.
  return getComputedStyle(document.documentElement).colorScheme.trim() === 'dark';
}

abstract class RadioWidget extends HTMLElement {
  static observedAttributes = ['theme'];
  static origin = '';
  static bootstrap: Bootstrap | null = null;
  protected readonly root = this.attachShadow({ mode: 'open' });
  protected readonly frame = el('div', 'root');
  protected state!: Shared;
  protected strings = stringsFor('en');
  private readonly update = () => this.render();
  private readonly dark = matchMedia('(prefers-color-scheme: dark)');
  private readonly retheme = () => this.applyTheme();

  connectedCallback(): void {
    const type = this.constructor as typeof RadioWidget;
    this.strings = stringsFor(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? type.bootstrap?.station.language);
    this.root.adoptedStyleSheets = [styles()];
    this.state = station(type.origin, type.bootstrap);
    this.state.listeners.add(this.update);
    this.dark.addEventListener('change', this.retheme);
    this.root.replaceChildren(this.frame);
    this.build();
    this.render();
    this.applyTheme();
  }

  disconnectedCallback(): void {
    this.state.listeners.delete(this.update);
    this.dark.removeEventListener('change', this.retheme);
  }

  attributeChangedCallback(): void {
    // Before connectedCallback the element has no content to theme yet.
    if (this.frame.isConnected) this.applyTheme();
  }

  /** Light or dark as asked (or as the host is), then text on the accent that reads. */
  private applyTheme(): void {
    const theme = this.getAttribute('theme');
    const dark = theme === 'dark' || (theme === 'auto' && this.dark.matches) || (theme !== 'light' && theme !== 'auto' && hostIsDark(this));
    this.frame.classList.toggle('dark', dark);
    this.frame.style.removeProperty('--_on-accent');
    if (getComputedStyle(this).getPropertyValue('--radio-on-accent').trim()) {
      this.frame.style.setProperty('--_on-accent', 'var(--radio-on-accent)');
      return;
    }
    // Any colour syntax the host used (a name, hsl(), a variable) resolves to rgb() on a probe.
    const probe = el('span', 'vh');
    probe.style.color = 'var(--_accent)';
    this.frame.append(probe);
    const accent = parseColor(getComputedStyle(probe).color);
    probe.remove();
    if (accent) this.frame.style.setProperty('--_on-accent', textOn(accent));
  }

  protected get card(): StationCard | null {
    return this.state.card;
  }

  /** The logo as an absolute URL on the station's server ('' when none). */
  protected logoUrl(): string {
    const logo = this.card?.logo;
    return logo ? new URL(logo, (this.constructor as typeof RadioWidget).origin || location.href).href : '';
  }

  protected stationName(): string {
    return this.getAttribute('station') ?? this.card?.name ?? '';
  }

  protected abstract build(): void;
  protected abstract render(): void;
}

export class RadioNowPlaying extends RadioWidget {
  private art!: HTMLImageElement;
  private station!: HTMLElement;
  private songTitle!: HTMLElement;
  private artist!: HTMLElement;
  private meta!: HTMLElement;
  private progress!: HTMLProgressElement;
  private times!: HTMLElement;
  private next!: HTMLElement;
  private ticker: ReturnType<typeof setInterval> | undefined;

  protected build(): void {
    const card = el('section', 'card');
    card.setAttribute('aria-label', this.strings.nowPlaying);
    card.setAttribute('part', 'card');
    this.art = el('img', 'art');
    this.art.width = 64;
    this.art.height = 64;
    this.art.alt = '';
    this.art.addEventListener('error', () => {
      const logo = this.logoUrl();
      if (logo && this.art.src !== logo) this.art.src = logo;
    });
    this.station = el('p', 'station');
    const label = el('p', 'label', this.strings.nowPlaying);
    this.songTitle = el('p', 'title');
    this.artist = el('p', 'artist');
    this.meta = el('p', 'meta');
    const live = el('div', 'text');
    live.setAttribute('aria-live', 'polite');
    live.append(this.songTitle, this.artist);
    // Where the widget has room (a taller frame, or a script-tag element on the page itself): how
    // far the song is and what comes next, as on the listener page.
    const extra = el('div', 'extra');
    this.progress = el('progress', 'bar');
    this.progress.setAttribute('aria-label', this.strings.songProgress);
    this.times = el('p', 'times');
    this.next = el('p', 'next');
    extra.append(this.progress, this.times, this.next);
    card.append(this.art, this.station, label, live, this.meta, extra);
    this.frame.replaceChildren(card);
    // The bar moves every second, without the page's clock rule changing anything else.
    this.ticker = setInterval(() => this.renderProgress(), 1000);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.ticker);
  }

  /** The bar and its times, counted on from the song's start; hidden when the length is unknown. */
  private renderProgress(): void {
    const current = this.state.nowPlaying?.now_playing;
    const duration = current?.duration;
    this.progress.hidden = this.times.hidden = !duration;
    if (!current || !duration) return;
    const elapsed = Math.min(duration, Math.max(0, Math.floor(Date.now() / 1000 - current.played_at)));
    this.progress.max = duration;
    this.progress.value = elapsed;
    const text = this.strings.progressText(durationText(elapsed), durationText(duration));
    this.progress.setAttribute('aria-valuetext', text);
    this.times.textContent = text;
  }

  protected render(): void {
    const np = this.state.nowPlaying;
    const song = np?.now_playing?.song;
    this.station.textContent = this.stationName();
    const art = (song && artUrl(this.card?.artUrlTemplate, song)) || this.logoUrl();
    if (art && this.art.getAttribute('src') !== art) this.art.src = art;
    this.art.hidden = !art;
    this.songTitle.textContent = song ? song.title : np ? (np.online ? this.strings.liveNoTitle : this.strings.offAir) : this.strings.loading;
    this.artist.textContent = song?.artist ?? '';
    this.meta.textContent = np ? `${np.online ? this.strings.onAir : this.strings.offAir} · ${this.strings.listeners(np.listeners.current)}` : '';
    const next = np?.now_playing ? np.playing_next?.song : undefined;
    this.next.textContent = next ? `${this.strings.upNext}: ${next.title} – ${next.artist}` : '';
    this.next.hidden = !next;
    this.renderProgress();
  }
}

export class RadioPlayer extends RadioWidget {
  private button!: HTMLButtonElement;
  private art!: HTMLImageElement;
  private songTitle!: HTMLElement;
  private artist!: HTMLElement;
  private live!: HTMLElement;
  private audio!: HTMLAudioElement;
  private phase: 'idle' | 'connecting' | 'playing' | 'error' = 'idle';

  protected build(): void {
    const bar = el('div', 'mini');
    bar.setAttribute('part', 'player');
    this.button = el('button', 'play');
    this.button.type = 'button';
    this.button.addEventListener('click', () => this.toggle());
    // The song's artwork where the bar is wide enough (CSS hides it in a narrow frame).
    this.art = el('img', 'mini-art');
    this.art.width = 44;
    this.art.height = 44;
    this.art.alt = '';
    this.art.addEventListener('error', () => {
      const logo = this.logoUrl();
      if (logo && this.art.src !== logo) this.art.src = logo;
    });
    const text = el('div', 'mini-text');
    text.setAttribute('aria-live', 'polite');
    this.songTitle = el('p', 'mini-title');
    this.artist = el('p', 'mini-artist');
    text.append(this.songTitle, this.artist);
    this.live = el('p', 'live', this.strings.live);
    this.audio = el('audio', '');
    this.audio.preload = 'none';
    this.audio.addEventListener('playing', () => this.setPhase('playing'));
    this.audio.addEventListener('error', () => this.phase !== 'idle' && this.setPhase('error'));
    this.audio.addEventListener('pause', () => this.phase !== 'error' && this.setPhase('idle'));
    bar.append(this.button, this.art, text, this.live, this.audio);
    this.frame.replaceChildren(bar);
  }

  private setPhase(phase: RadioPlayer['phase']): void {
    this.phase = phase;
    this.render();
  }

  private toggle(): void {
    if (this.phase === 'playing' || this.phase === 'connecting') {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio.load();
      this.setPhase('idle');
      return;
    }
    const url = this.card?.streamUrl;
    if (!url) return;
    this.audio.src = url;
    this.setPhase('connecting');
    this.audio.play().catch(() => this.phase === 'connecting' && this.setPhase('error'));
  }

  protected render(): void {
    const np = this.state.nowPlaying;
    const song = np?.now_playing?.song;
    const station = this.stationName();
    const active = this.phase === 'playing' || this.phase === 'connecting';
    // A round icon button leaves the width to the title; its name is said in words.
    const icon = el('span', '', active ? '❚❚' : '▶');
    icon.setAttribute('aria-hidden', 'true');
    this.button.replaceChildren(icon, el('span', 'vh', `${active ? this.strings.pause : this.strings.listenLive}${station ? ` ${station}` : ''}`));
    this.button.disabled = !this.card?.streamUrl;
    this.songTitle.textContent = song ? song.title : station;
    const art = (song && artUrl(this.card?.artUrlTemplate, song)) || this.logoUrl();
    if (art && this.art.getAttribute('src') !== art) this.art.src = art;
    this.art.hidden = !art;
    // The same words as the listener page: a failure while off air is the station's, not the network's.
    const failed = np && !np.online ? this.strings.playerStationDown : this.strings.playerFailed;
    const idle = song ? song.artist : np?.online ? this.strings.liveNoTitle : this.card && !this.card.streamUrl ? this.strings.streamNotSetUp : '';
    this.artist.textContent = this.phase === 'connecting' ? this.strings.connecting : this.phase === 'error' ? failed : idle;
    this.live.dataset.playing = String(this.phase === 'playing');
  }
}

/** Registers both elements; `origin` is the station's server (empty: this page's own). */
export function defineWidgets(origin: string, bootstrap: Bootstrap | null = null): void {
  RadioWidget.origin = origin;
  RadioWidget.bootstrap = bootstrap;
  if (!customElements.get('radio-now-playing')) customElements.define('radio-now-playing', RadioNowPlaying);
  if (!customElements.get('radio-player')) customElements.define('radio-player', RadioPlayer);
}
