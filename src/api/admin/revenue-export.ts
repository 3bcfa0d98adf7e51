import { DateTime } from 'luxon';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RevenueService } from '../../station/revenue-service.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer } from '../conditional-get.js';
import { csvOf } from '../csv.js';
import { RevenueQuery } from '../general/revenue.js';
import { prepareBody } from '../prepared-response.js';

/** Money moves with every entry: the client keeps its copy but asks each time (304 while it is current). */
const EXPORT_CACHE = 'private, no-cache';
const CSV_TYPE = 'text/csv; charset=utf-8';
const COLUMNS = ['occurred_at', 'day', 'type', 'amount', 'currency', 'amount_minor', 'source', 'id', 'recorded_at', 'metadata'];

/** Decimals of a currency's minor unit, as ICU knows them (USD 2, JPY 0, KWD 3). */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as a plain decimal in major units, exact (no float): 4000 USD → "40.00", -5 JPY → "-5". */
export function majorAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * The revenue events themselves between two station dates, as CSV for the books (admin): one row
 * per event, oldest first. Spends the client's report budget (the `reports` budget), as the other
 * CSV reports do; reads the ledger's index by time a page at a time, at most a year and 20,000
 * events (more is 400: ask for fewer days). Text cells that a spreadsheet would run as a formula
 * are quoted with an apostrophe (csv.ts). ETag and 304.
 */
export function revenueExportRoutes(revenue: RevenueService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/revenue/events.csv',
      summary: 'The revenue events between from and to as CSV, one row per event, oldest first (admin; station dates, at most 366 days and 20,000 events)',
      auth: 'admin',
      budget: 'reports',
      headers: CONDITIONAL_GET_HEADERS,
      query: RevenueQuery,
      produces: {
        mediaTypes: ['text/csv'],
        description: `${COLUMNS.join(',')}: occurred_at and recorded_at ISO 8601 with the station's offset, day the station date it is summed under, amount in major units (40.00), amount_minor in minor units, metadata as JSON`,
      },
      answerHeaders: { 'Content-Disposition': 'attachment, with a file name that says the days' },
      errors: ['RATE_LIMITED'],
      handler: async (ctx) => {
        const { from, to, timezone, events } = await revenue.eventsBetween(ctx.query.from, ctx.query.to);
        const local = (seconds: number) => DateTime.fromSeconds(seconds, { zone: timezone }).toISO({ suppressMilliseconds: true });
        const rows = events.map((e) => [
          local(e.occurred_at),
          e.day,
          e.type,
          majorAmount(e.amount, e.currency),
          e.currency,
          e.amount,
          e.source,
          e.id,
          local(e.recorded_at),
          Object.keys(e.metadata).length > 0 ? JSON.stringify(e.metadata) : null,
        ]);
        const prepared = prepareBody(Buffer.from(csvOf(COLUMNS, rows)), EXPORT_CACHE);
        prepared.headers['Content-Disposition'] = `attachment; filename="revenue-${from}-${to}.csv"`;
        const result = conditionalAnswer(ctx.headers['if-none-match'], prepared);
        return result.kind === 'prepared' ? { ...result, contentType: CSV_TYPE } : result;
      },
    }),
  ];
}
