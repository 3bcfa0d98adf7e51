import type { Logger } from 'pino';
import { AppError, ERROR_CATALOG, isAppError, type FieldProblem } from './errors.js';
import en from './messages/en.js';
import type { ServerStrings } from './messages/server-strings.js';

type HeaderList = Array<readonly [string, string]>;

export interface ErrorAnswer {
  status: number;
  payload: { success: false; error: { code: string; reason?: string; message: string; details?: unknown[] } };
  headers: HeaderList;
}

/** An error's message in the answer's language: its own words, else its reason's, else its code's. */
function messageOf(error: AppError, strings: ServerStrings): string {
  if (error.text) return error.text(strings);
  if (error.reason) return strings.reasons[error.reason]!(strings.wait(error.retryAfterSeconds ?? 60));
  return error.ownMessage ? error.message : strings.codes[error.code]!;
}

const problemIn = (problem: FieldProblem, strings: ServerStrings) => ({ field: problem.field, message: problem.text ? problem.text(strings) : problem.message });

/**
 * The one place an error becomes an answer (an HTTP response, or a socket ack's payload), in the
 * language `strings` speaks (default English). Known AppErrors keep their code, reason and message;
 * anything else is logged with the request id and answered as a generic 500, never a stack trace.
 */
export function toErrorAnswer(error: unknown, log: Logger, strings: ServerStrings = en): ErrorAnswer {
  const appError = isAppError(error) ? error : null;
  if (!appError) log.error({ err: error }, 'unhandled error while serving a request');
  else if (appError.status >= 500 && !appError.alreadyLogged) log.warn({ err: appError.cause ?? appError, code: appError.code }, appError.message);
  const known = appError ?? new AppError('INTERNAL', { message: ERROR_CATALOG.INTERNAL.message });
  const headers: HeaderList = Object.entries(known.headers ?? {});
  if (known.retryAfterSeconds !== undefined) headers.push(['Retry-After', String(Math.max(1, Math.ceil(known.retryAfterSeconds)))]);
  const error_ = {
    code: known.code,
    ...(known.reason ? { reason: known.reason } : {}),
    message: messageOf(known, strings),
    ...(known.details ? { details: known.details.map((problem) => problemIn(problem, strings)) } : {}),
  };
  return { status: known.status, payload: { success: false, error: error_ }, headers };
}
