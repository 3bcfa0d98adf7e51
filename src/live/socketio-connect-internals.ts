import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Socket } from 'socket.io';
import { sessionId } from './session-ids.js';

/**
 * Two pieces of work Socket.IO does on every namespace connect that it offers no option or hook
 * to skip, replaced here with the same results for less CPU (issue 33, connect CPU). Both reach
 * into Socket.IO's internals; checked against socket.io 4.8.4 (dist/socket.js and
 * dist/contrib/base64id.js), and test/live/live-connect-snapshot.test.ts fails if either
 * shape changes:
 *
 * - The socket id: Socket.IO draws it from its own copy of base64id (a zero-filled buffer, a copy
 *   and two regex replaces per id, ~15 µs per connect in a profile of 3,000 connects). The
 *   exported generator object's `generateId` is pointed at our pooled one (session-ids.ts), which
 *   gives the same 20 URL-safe characters from cryptographic random bytes.
 * - The handshake's `time`: `new Date() + ""` formats the date with the zone's name on every
 *   connect (~3-5 µs). It is the same text for a whole second, so it is formatted once a second
 *   (every socket of that second then also shares the one string instead of keeping its own).
 */
interface Base64IdGenerator {
  generateId(): string;
}

interface HandshakeSource {
  readonly request: { headers: Record<string, unknown>; url?: string; _query?: object; connection: { encrypted?: boolean } } | undefined;
  readonly conn: { remoteAddress: string };
}

const socketIoRequire = createRequire(createRequire(import.meta.url).resolve('socket.io'));

/** Socket.IO's own id generator object (not exported by the package: loaded by its file). */
export function socketIoIdGenerator(): Base64IdGenerator {
  const generatorModule = socketIoRequire(join(dirname(socketIoRequire.resolve('socket.io')), 'contrib', 'base64id.js')) as { base64id?: Base64IdGenerator };
  const generator = generatorModule.base64id;
  if (typeof generator?.generateId !== 'function') throw new Error('socket.io internals changed: dist/contrib/base64id.js no longer exports base64id.generateId');
  return generator;
}

let timeSecond = Number.NaN;
let timeText = '';

/** `new Date() + ""` as Socket.IO writes it, formatted once per second. */
export function handshakeTime(nowMs = Date.now()): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== timeSecond) {
    timeText = String(new Date(second * 1000));
    timeSecond = second;
  }
  return timeText;
}

/** Socket.IO 4.8.4's `Socket.prototype.buildHandshake`, field for field, with the time from handshakeTime. */
function buildHandshake(this: HandshakeSource, auth: unknown): object {
  const request = this.request;
  const issued = Date.now();
  return {
    headers: request?.headers ?? {},
    time: handshakeTime(issued),
    address: this.conn.remoteAddress,
    xdomain: !!request?.headers.origin,
    secure: !request || !!request.connection.encrypted,
    issued,
    url: request?.url,
    query: request?._query ?? {},
    auth,
  };
}

let installed = false;

/** Installs both replacements (once per process: they are Socket.IO's module state, shared by every server). */
export function lightenSocketIoConnects(): void {
  if (installed) return;
  const prototype = Socket.prototype as unknown as { buildHandshake?: unknown };
  if (typeof prototype.buildHandshake !== 'function') throw new Error('socket.io internals changed: Socket.prototype.buildHandshake is gone');
  socketIoIdGenerator().generateId = sessionId;
  prototype.buildHandshake = buildHandshake;
  installed = true;
}
