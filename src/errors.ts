/** One broken rule, in the shape clients receive in `error.details`. */
export interface FieldProblem {
  field: string;
  message: string;
}

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
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The body must be sent as application/json.' },
  CONTENT_REJECTED: { status: 422, message: 'The content was refused.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; try again later.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  UNAVAILABLE: { status: 503, message: 'A backing service is unavailable; try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export interface AppErrorOptions {
  message?: string;
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
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers;
    this.alreadyLogged = options.alreadyLogged ?? false;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
