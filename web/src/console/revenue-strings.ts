// The revenue view's words (en, es), beside it rather than in the page-wide catalogs (web/src/i18n/).

const en = {
  heading: 'Revenue',
  from: 'From',
  to: 'To',
  show: 'Show',
  range: (from: string, to: string, zone: string) => `${from} to ${to} (${zone})`,
  totals: 'Totals',
  chartOf: (currency: string) => `Revenue per day and type, ${currency}`,
  chartCurrency: 'Chart currency',
  downloadCsv: 'Download the events (CSV)',
  downloading: 'Preparing the CSV…',
  events: (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`,
};

export type RevenueStrings = typeof en;

const es: RevenueStrings = {
  heading: 'Ingresos',
  from: 'Desde',
  to: 'Hasta',
  show: 'Mostrar',
  range: (from, to, zone) => `del ${from} al ${to} (${zone})`,
  totals: 'Totales',
  chartOf: (currency) => `Ingresos por día y tipo, ${currency}`,
  chartCurrency: 'Moneda del gráfico',
  downloadCsv: 'Descargar los movimientos (CSV)',
  downloading: 'Preparando el CSV…',
  events: (n) => `${n} ${n === 1 ? 'movimiento' : 'movimientos'}`,
};

export const r: RevenueStrings = typeof document !== 'undefined' && document.documentElement.lang.slice(0, 2).toLowerCase() === 'es' ? es : en;
