import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing (standardwebhooks.com): HMAC-SHA256 over "<id>.<timestamp>.<body>"
 * with the secret's base64 key (after `whsec_`), sent as `v1,<base64 signature>`. The receiver
 * recomputes it and rejects timestamps far from its clock, so each attempt is signed afresh.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${signature}`;
}

/** The three headers of one signed attempt. */
export function signedHeaders(secret: string, id: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
