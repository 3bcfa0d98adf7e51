import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { clockTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

export interface HistoryPoint {
  timestamp: number;
  listeners: number;
}

/** Listeners per hour over the last 24 hours (uPlot on a canvas, with the figures in words beside it). */
export function ListenerChart({ history }: { history: HistoryPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || history.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const accent = styles.getPropertyValue('--radio-accent').trim() || '#0b57a4';
    const text = styles.getPropertyValue('--radio-muted').trim() || '#4f5562';
    const axis = { stroke: text, grid: { stroke: 'rgba(128,128,128,.2)' }, ticks: { stroke: 'rgba(128,128,128,.3)' } };
    const plot = new uPlot(
      {
        width: Math.max(260, element.clientWidth),
        height: 220,
        legend: { show: false },
        scales: { x: { time: true, range: () => [Date.now() / 1000 - 86_400, Date.now() / 1000] }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
        series: [{}, { label: t.listeners(2).replace(/^\d+\s*/, ''), stroke: accent, width: 2, fill: 'rgba(11,87,164,.15)', points: { show: history.length < 30 } }],
        axes: [axis, axis],
      },
      [history.map((p) => p.timestamp), history.map((p) => p.listeners)],
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(260, element.clientWidth), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [history]);

  if (history.length === 0) return html`<p class="muted">${t.noHistory}</p>`;
  const peak = history.reduce((best, p) => (p.listeners > best.listeners ? p : best), history[0]!);
  return html`<figure class="chart">
    <div ref=${box} role="img" aria-label=${`${t.listeners24h}: ${t.peakToday} ${peak.listeners} (${clockTime(peak.timestamp)})`}></div>
    <figcaption class="muted">${t.peakToday}: ${peak.listeners} · ${clockTime(peak.timestamp)}</figcaption>
  </figure>`;
}
