import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { minorDigits, money } from './money.js';
import { r } from './revenue-strings.js';

export interface RevenueDay {
  date: string;
  currency: string;
  amount: number;
  types: Array<{ type: string; amount: number; count: number }>;
}

const TYPES = ['donation', 'subscription', 'advertising', 'merchandise', 'other'];
// Distinct in light and dark, and apart for the common colour blindnesses (Okabe–Ito).
const COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9'];

/** Every day of the range, from `from` to `to` (YYYY-MM-DD), as noon UTC seconds (a day's x). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); at <= Date.parse(`${to}T12:00:00Z`) && days.length < 400; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** Revenue per day of the range in one currency, a line per type (uPlot, as the listener chart), with the figures in words beside it. */
export function RevenueChart({ days, from, to, currency }: { days: RevenueDay[]; from: string; to: string; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const range = daysOf(from, to);
  const mine = days.filter((d) => d.currency === currency);
  const scale = 10 ** minorDigits(currency);
  const types = TYPES.filter((type) => mine.some((d) => d.types.some((s) => s.type === type)));
  const series = types.map((type) => range.map((date) => (mine.find((d) => d.date === date)?.types.find((s) => s.type === type)?.amount ?? 0) / scale));
  useEffect(() => {
    const element = box.current;
    if (!element || types.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const text = styles.getPropertyValue('--radio-muted').trim() || '#4f5562';
    const axis = { stroke: text, grid: { stroke: 'rgba(128,128,128,.2)' }, ticks: { stroke: 'rgba(128,128,128,.3)' } };
    const bars = uPlot.paths.bars?.({ size: [0.8, 40] });
    const plot = new uPlot(
      {
        width: Math.max(260, element.clientWidth),
        height: 240,
        legend: { show: true, live: false },
        // Half a day either side, so the first and last days' bars are whole.
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        series: [
          {},
          ...types.map((type, i) => ({
            label: t.revenueTypes[type] ?? type,
            stroke: COLOURS[i % COLOURS.length],
            fill: `${COLOURS[i % COLOURS.length]}55`,
            width: 2,
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          })),
        ],
        axes: [axis, { ...axis, values: (_u: uPlot, ticks: number[]) => ticks.map((v) => money(Math.round(v * scale), currency)), size: 80 }],
      },
      [range.map((date) => Date.parse(`${date}T12:00:00Z`) / 1000), ...series],
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(260, element.clientWidth), height: 240 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [days, from, to, currency]);

  if (types.length === 0) return html`<p class="muted">${t.revenueEmpty}</p>`;
  const words = types.map((type, i) => `${t.revenueTypes[type] ?? type} ${money(Math.round(series[i]!.reduce((a, b) => a + b, 0) * scale), currency)}`).join(', ');
  return html`<figure class="chart revenue-chart">
    <div ref=${box} role="img" aria-label=${`${r.chartOf(currency)}: ${words}`}></div>
    <figcaption class="muted">${r.chartOf(currency)}: ${words}</figcaption>
  </figure>`;
}
