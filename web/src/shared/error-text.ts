import type { ApiError } from './api.js';
import { t, waitText } from './i18n.js';

/** An error in words for the person who caused it: which field and why, or what to wait for. */
export function errorText(error: Pick<ApiError, 'code' | 'message' | 'details' | 'retryAfter'>): string {
  if (error.code === 'NETWORK') return t.errorNetwork;
  if (error.code === 'VALIDATION_FAILED' && error.details.length > 0) {
    return error.details.map((d) => `${t.fieldNames[d.field] ?? d.field}: ${d.message}.`).join(' ');
  }
  if (error.code === 'RATE_LIMITED') return error.message || t.errorRateLimited(waitText(error.retryAfter ?? 60));
  return error.message || t.errorGeneric;
}
