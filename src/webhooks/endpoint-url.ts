/**
 * An endpoint URL as it may be shown (log lines, the admin listing): a webhook URL often is its
 * own secret. Credentials are dropped, the query and fragment replaced by `…`, and path segments
 * that look like tokens (20 or more letters, digits, `-`, `_`, as Discord's
 * `/api/webhooks/<id>/<token>` or Slack's `/services/T…/B…/<token>`) shown as `…`.
 */
export function redactedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const path = parsed.pathname
    .split('/')
    .map((segment) => (/^[A-Za-z0-9_-]{20,}$/.test(segment) ? '…' : segment))
    .join('/');
  const rest = parsed.search || parsed.hash ? '?…' : '';
  return `${parsed.protocol}//${parsed.host}${path}${rest}`;
}
