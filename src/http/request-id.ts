import { randomBytes } from 'node:crypto';

// A client's id is echoed only when it is short and plain, so it cannot inject into logs or headers.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Our own ids: a random prefix per process and a counter. Unique across nodes and restarts in
// practice, and far cheaper per request than a random UUID.
const PROCESS_PREFIX = randomBytes(6).toString('base64url');
let sequence = 0;

export function requestIdFrom(header: string): string {
  if (header !== '' && ACCEPTABLE_ID.test(header)) return header;
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PREFIX}-${sequence.toString(36)}`;
}
