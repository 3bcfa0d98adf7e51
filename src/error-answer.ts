import type { Logger } from 'pino';
import { AppError, ERROR_CATALOG, isAppError } from './errors.js';

type HeaderList = Array<readonly [string, string]>;

export interface ErrorAnswer {
  status: number;
  payload: { success: false; error: { code: string; message: string; details?: unknown[] } };
  headers: HeaderList;
}

/**
 * The one place an error becomes an answer (an HTTP response, or a socket ack's payload). Known AppErrors keep their code and message;
 * anything else is logged with the request id and answered as a generic 500, never a stack trace.
 */
export function toErrorAnswer(error: unknown, log: Logger): ErrorAnswer {
  const appError = isAppError(error) ? error : null;
  if (!appError) log.error({ err: error }, 'unhandled error while serving a request');
  else if (appError.status >= 500 && !appError.alreadyLogged) log.warn({ err: appError.cause ?? appError, code: appError.code }, appError.message);
  const known = appError ?? new AppError('INTERNAL', { message: ERROR_CATALOG.INTERNAL.message });
  const headers: HeaderList = Object.entries(known.headers ?? {});
  if (known.retryAfterSeconds !== undefined) headers.push(['Retry-After', String(Math.max(1, Math.ceil(known.retryAfterSeconds)))]);
  const error_ = { code: known.code, message: known.message, ...(known.details ? { details: known.details } : {}) };
  return { status: known.status, payload: { success: false, error: error_ }, headers };
}
