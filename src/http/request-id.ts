import { randomUUID } from 'node:crypto';

// A client's id is echoed only when it is short and plain, so it cannot inject into logs or headers.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string): string {
  return ACCEPTABLE_ID.test(header) ? header : randomUUID();
}
