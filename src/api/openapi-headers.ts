import type { ErrorCode } from '../errors.js';

// The response headers of the API, as the OpenAPI document declares them: which answer carries
// which is decided here once (http/reply.ts writes X-Request-Id and the RateLimit pair,
// error-answer.ts Retry-After, prepared-response.ts ETag and Cache-Control, admin-auth.ts
// WWW-Authenticate). The conformance check of the tests holds every answer to these.

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'The id of this request in our logs: the X-Request-Id the client sent when it is 1 to 128 of A-Z a-z 0-9 . _ : -, else a new one. Quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  RateLimit: {
    description:
      'What is left of the client\'s budget (IETF RateLimit header fields draft): `"hourly";r=<requests left>;t=<seconds until the window ends>`. On every answer of a budgeted route, 304 and errors included.',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z]+";r=[0-9]+;t=[0-9]+$', examples: ['"hourly";r=99;t=3600'] },
  },
  'RateLimit-Policy': {
    description: 'The budget itself: `"hourly";q=<requests>;w=<window seconds>` (100 an hour per client by default).',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z]+";q=[0-9]+;w=[0-9]+$', examples: ['"hourly";q=100;w=3600'] },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again (at least 1).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  ETag: {
    description: 'The validator of this answer: send it back in If-None-Match for a 304 while it is current.',
    required: true,
    schema: { type: 'string', pattern: '^(W/)?"[^"]*"$' },
  },
  'Cache-Control': {
    description:
      'How long a cache may keep the answer: `public, max-age=<seconds>` (1 for station state, 60 for the schedule, 300 for playlists); `private, no-cache` for the reports (kept by the client only, asked again each time).',
    required: true,
    schema: { type: 'string', pattern: '^(public, max-age=[0-9]+(, [a-z-]+)*|private, no-cache)$' },
  },
  'WWW-Authenticate': {
    description: 'The scheme the admin key is sent with: `Bearer realm="radio-hub admin"`.',
    required: true,
    schema: { type: 'string', pattern: '^Bearer ' },
  },
} as const;

/** The RateLimit pair on an answer the budget may not have been read for (the store was away: 503; a fault: 500). */
const rateLimitIfCounted = (name: 'RateLimit' | 'RateLimit-Policy') => ({
  ...RESPONSE_HEADERS[name],
  required: false,
  description: `${RESPONSE_HEADERS[name].description} Absent when the budget could not be read (the store is away).`,
});

/** The refusals that always say when to try again (error-answer.ts writes Retry-After for them). */
const RETRY_AFTER_CODES: ReadonlySet<ErrorCode> = new Set(['RATE_LIMITED', 'UNAVAILABLE', 'RECENTLY_PLAYED']);

/** The RateLimit pair of a staff write: the staff member's own budget, told once their key is known. */
const staffRateLimit = (name: 'RateLimit' | 'RateLimit-Policy') => ({
  ...RESPONSE_HEADERS[name],
  required: false,
  description: `${RESPONSE_HEADERS[name].description} On a staff write it is the staff member's budget of writes (\`"staff"\`, \`rateLimit.staffActions\`), absent when the key was refused or the store is away.`,
});

export interface HeaderTraits {
  /** The route spends from the client's public API budget. */
  budgeted: boolean;
  /** A staff write: spends from the staff member's budget of writes once the key is known. */
  staffWrite?: boolean;
  /** The route answers with a validator (ETag) and may answer 304. */
  cacheable: boolean;
}

/** The headers of one documented answer: `status` is a status code or `default`, `codes` the error codes it answers. */
export function headersOf(status: string, traits: HeaderTraits, codes: readonly ErrorCode[] = []): Record<string, unknown> {
  const headers: Record<string, unknown> = { 'X-Request-Id': ref('X-Request-Id') };
  const uncounted = status === '503' || status === 'default';
  if (traits.budgeted) {
    headers.RateLimit = uncounted ? rateLimitIfCounted('RateLimit') : ref('RateLimit');
    headers['RateLimit-Policy'] = uncounted ? rateLimitIfCounted('RateLimit-Policy') : ref('RateLimit-Policy');
  } else if (traits.staffWrite) {
    headers.RateLimit = staffRateLimit('RateLimit');
    headers['RateLimit-Policy'] = staffRateLimit('RateLimit-Policy');
  }
  const retrying = codes.filter((code) => RETRY_AFTER_CODES.has(code));
  if (retrying.length > 0) {
    headers['Retry-After'] =
      retrying.length === codes.length
        ? ref('Retry-After')
        : { ...RESPONSE_HEADERS['Retry-After'], required: false, description: `${RESPONSE_HEADERS['Retry-After'].description} With ${retrying.join(', ')}.` };
  }
  if (status === '401') headers['WWW-Authenticate'] = ref('WWW-Authenticate');
  if (traits.cacheable && (status === '200' || status === '304')) {
    headers.ETag = ref('ETag');
    headers['Cache-Control'] = ref('Cache-Control');
  }
  return headers;
}
