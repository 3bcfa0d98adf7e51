import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { html } from '../shared/html.js';

/**
 * A line of figures over labelled steps (hours or days of the station's zone: the labels are the
 * server's own, so no browser zone shifts them), drawn by uPlot like the listener chart, with the
 * figures in words for a screen reader (`summary`).
 */
export function SeriesChart({ labels, values, name, summary }: { labels: string[]; values: number[]; name: string; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || values.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const accent = styles.getPropertyValue('--radio-accent').trim() || '#0b57a4';
    const text = styles.getPropertyValue('--radio-muted').trim() || '#4f5562';
    const grid = { stroke: 'rgba(128,128,128,.2)' };
    const width = () => Math.max(240, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
        series: [{}, { label: name, stroke: accent, width: 2, fill: 'rgba(11,87,164,.15)', points: { show: values.length < 40 } }],
        axes: [
          { stroke: text, grid, values: (_u, ticks) => ticks.map((i) => labels[Math.round(i)] ?? ''), space: 60 },
          { stroke: text, grid },
        ],
      },
      [values.map((_, i) => i), values],
      element,
    );
    const resize = () => plot.setSize({ width: width(), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [labels.join(), values.join()]);
  return html`<figure class="chart">
    <div ref=${box} role="img" aria-label=${summary}></div>
    <figcaption class="muted">${summary}</figcaption>
  </figure>`;
}
