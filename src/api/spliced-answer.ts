import { serializeSuccess } from '../http/reply.js';
import type { RouteResult } from '../http/route.js';

// The success envelope's text around its data, taken once from serializeSuccess (the envelope's
// one home): a marker as the data, split off.
const MARKER = 'spliced-data';
const [BEFORE, AFTER] = serializeSuccess(MARKER).toString().split(JSON.stringify(MARKER)) as [string, string];

/**
 * A success whose `data` is JSON text made beforehand (rows kept as text by the store, validated
 * when written): spliced into the envelope as it is, never parsed and serialised again.
 */
export function splicedSuccess(dataText: string, status: 200 | 201 = 200): RouteResult {
  return { kind: 'prepared', status, body: Buffer.from(BEFORE + dataText + AFTER) };
}
