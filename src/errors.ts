import type { ServerStrings } from './messages/server-strings.js';

/** One broken rule, in the shape clients receive in `error.details`. */
export interface FieldProblem {
  field: string;
  /** In English (logs, and the answer when no other language is asked for). */
  message: string;
  /** The message in the listener's language (messages/): the answer says this instead. */
  text?: Localized;
}

/** A message in whatever language the answer is in (src/messages/). */
export type Localized = (strings: ServerStrings) => string;

/**
 * The one catalog of failures a client can see (API.md "Envelope and errors"). Services and the
 * store throw AppError with a code from here; error-answer.ts turns it into the answer.
 */
export const ERROR_CATALOG = {
  VALIDATION_FAILED: { status: 400, message: 'The request breaks one or more rules.' },
  INVALID_JSON: { status: 400, message: 'The body must be a JSON object.' },
  UNAUTHORIZED: { status: 401, message: 'A valid administrator key is required.' },
  FORBIDDEN: { status: 403, message: 'Your staff role may not do this.' },
  NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This endpoint does not accept that method.' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'This Idempotency-Key was used with a different body.' },
  RECENTLY_PLAYED: { status: 409, message: 'That song was played recently.' },
  PRECONDITION_FAILED: { status: 412, message: 'This was changed by someone else since you read it; read it again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The body must be sent as application/json.' },
  CONTENT_REJECTED: { status: 422, message: 'The content was refused.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  UNAVAILABLE: { status: 503, message: 'A backing service is unavailable; try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/**
 * Why a request was refused, beside its code, for a client to act on without reading English
 * (`error.reason`): which budget is spent, which chat rule a message broke. Stable: a client may
 * switch on these. Each belongs to one code.
 */
export const ERROR_REASONS = {
  hourly_budget: 'RATE_LIMITED',
  request_delay: 'RATE_LIMITED',
  chat_budget: 'RATE_LIMITED',
  live_connections: 'RATE_LIMITED',
  stream_opens: 'RATE_LIMITED',
  admin_keys: 'RATE_LIMITED',
  payment_webhook: 'RATE_LIMITED',
  staff_actions: 'RATE_LIMITED',
  report_budget: 'RATE_LIMITED',
  artwork_budget: 'RATE_LIMITED',
  nowplaying_push: 'RATE_LIMITED',
  // Any budget declared in the config (limits/budget-declarations.ts): `details` names it.
  budget: 'RATE_LIMITED',
  link: 'CONTENT_REJECTED',
  language: 'CONTENT_REJECTED',
  repeat: 'CONTENT_REJECTED',
  ban: 'CONTENT_REJECTED',
  reserved_nickname: 'CONTENT_REJECTED',
  nickname: 'CONTENT_REJECTED',
  recently_played: 'RECENTLY_PLAYED',
} as const satisfies Record<string, ErrorCode>;

export type ErrorReason = keyof typeof ERROR_REASONS;

export interface AppErrorOptions {
  /** A message of this one error (in English; see `text` for other languages). */
  message?: string;
  /** Why, beside the code (`error.reason`); its message comes from the language catalogs. */
  reason?: ErrorReason;
  /** The message in the listener's language, when it is neither the code's nor the reason's. */
  text?: Localized;
  details?: FieldProblem[];
  /** Seconds a client should wait before retrying (sets Retry-After). */
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. Allow on a 405. */
  headers?: Record<string, string>;
  cause?: unknown;
  /** Reported where it was detected (a Redis outage is logged once per state change, not per request). */
  alreadyLogged?: boolean;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  readonly reason: ErrorReason | undefined;
  readonly text: Localized | undefined;
  /** The message was written for this error (a limit's number, a provider's words), not the catalog's. */
  readonly ownMessage: boolean;
  readonly details: FieldProblem[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly alreadyLogged: boolean;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? ERROR_CATALOG[code].message, { cause: options.cause });
    this.status = ERROR_CATALOG[code].status;
    this.reason = options.reason;
    this.text = options.text;
    this.ownMessage = options.message !== undefined;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers;
    this.alreadyLogged = options.alreadyLogged ?? false;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
