import type { ErrorReason } from '../../../src/errors.js';

// The REST envelope as the pages see it: {ok, data} or {ok: false, code, reason, message, details, retryAfter}.
// The server writes its messages in the page's language (the request says it in Accept-Language).

export interface ApiError {
  ok: false;
  status: number;
  code: string;
  /** Which refusal this is (docs/api.md, the reasons table): what the page acts on, never the English. */
  reason?: ErrorReason;
  message: string;
  details: Array<{ field: string; message: string }>;
  /** Seconds, from Retry-After. */
  retryAfter: number | null;
  /** The API budget left, from the RateLimit header (`"hourly";r=<left>;t=<seconds>`), when sent. */
  rateLimit?: { remaining: number; resetSeconds: number | null } | null;
}
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiError;

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Admin key: sent as a Bearer token. */
  adminKey?: string;
  /** Another origin (the embeddable widget talks to the station from someone else's page). */
  origin?: string;
  /** Further request headers (If-Match: the revision an edit started from). */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.adminKey) headers.authorization = `Bearer ${options.adminKey}`;
  // The page's language (station.language, in <html lang>), so the server's words match the page's.
  if (typeof document !== 'undefined' && document.documentElement.lang) headers['accept-language'] = document.documentElement.lang;
  let response: Response;
  try {
    response = await fetch((options.origin ?? '') + path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    return { ok: false, status: 0, code: 'NETWORK', message: '', details: [], retryAfter: null };
  }
  const retry = Number(response.headers.get('retry-after'));
  const limit = /r=(\d+)(?:;t=(\d+))?/.exec(response.headers.get('ratelimit') ?? '');
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    error?: { code: string; reason?: ErrorReason; message: string; details?: ApiError['details'] };
  } | null;
  if (response.ok && payload?.success) return { ok: true, status: response.status, data: payload.data as T };
  return {
    ok: false,
    status: response.status,
    code: payload?.error?.code ?? `HTTP_${response.status}`,
    ...(payload?.error?.reason ? { reason: payload.error.reason } : {}),
    message: payload?.error?.message ?? '',
    details: payload?.error?.details ?? [],
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
    rateLimit: limit ? { remaining: Number(limit[1]), resetSeconds: limit[2] === undefined ? null : Number(limit[2]) } : null,
  };
}

/** A text field of a submitted form, trimmed ('' when absent or a file). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
