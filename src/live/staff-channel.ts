import type { Logger } from 'pino';
import type { Namespace, Server, Socket } from 'socket.io';
import { toErrorAnswer } from '../error-answer.js';
import { AppError } from '../errors.js';
import type { AdminAuth, StaffMember } from '../http/admin-auth.js';
import { STAFF_EVENTS, type StaffEventName, type StaffEvents, type StaffFeed } from '../station/staff-events.js';
import { TroubleFold } from '../trouble-fold.js';

export const STAFF_NAMESPACE = '/staff';
/**
 * Staff sockets one client may hold on a node, at most (fewer when the live cap is lower): a
 * station's staff behind one address each keep a console or two open, a client opening more is
 * a fault or an attack. Each is also an engine connection counted by the live cap.
 */
export const STAFF_SOCKETS_PER_CLIENT = 10;
/** The room every staff socket joins, and the one only admins join. */
const ROOMS = { moderator: 'staff', admin: 'admins' } as const;

const memberRoom = (name: string) => `member:${name}`;

/** The staff member whose key an audit entry says was revoked (its target is the quoted name), else null. */
function revokedName(entry: StaffEvents['audit:entry']): string | null {
  if (entry.action !== 'staff.revoke') return null;
  try {
    const name: unknown = JSON.parse(entry.target);
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export interface StaffChannelSettings {
  /** Staff sockets one client may hold on this node (the live cap: an engine connection may carry /live and /staff). */
  maxSocketsPerClient: number;
  /** The client key the live server recorded at the handshake of the request behind a socket. */
  clientKeyOf: (req: object) => string | undefined;
}

/**
 * The Socket.IO namespace /staff: staff events (station/staff-events.ts) for signed-in staff
 * only. The handshake carries the staff key (`auth: {key}`), checked by the same AdminAuth as
 * the staff routes, so wrong keys spend the same sign-in budget (429 past it), a store that is
 * away answers 503 at once (its command timeout bounds the wait), and `automation` keys are
 * refused (403). A refused handshake is a `connect_error` whose `data` is the REST error envelope.
 * A moderator joins the staff room, an admin the admins' room too: role-aware delivery, relayed
 * to every node by the Socket.IO adapter. Nothing is kept per socket beyond its rooms and a
 * per-client count (its entry goes with the client's last socket), and no event is buffered:
 * what a console missed while away it reads again over REST on reconnect.
 */
export class StaffChannel implements StaffFeed {
  private readonly namespace: Namespace;
  private readonly perClient = new Map<string, number>();
  private readonly relaying: TroubleFold;

  constructor(
    io: Server,
    private readonly auth: AdminAuth,
    private readonly settings: StaffChannelSettings,
    private readonly log: Logger,
  ) {
    this.namespace = io.of(STAFF_NAMESPACE);
    this.relaying = TroubleFold.failures(log, { failing: 'staff events are not relayed to other nodes (this node still delivers its own)', recovered: 'staff events are relayed again' });
    this.namespace.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: unknown) => {
          const refused = new Error(error instanceof AppError ? error.code : 'INTERNAL') as Error & { data?: unknown };
          refused.data = toErrorAnswer(error, this.log).payload;
          next(refused);
        },
      );
    });
    this.namespace.on('connection', (socket) => {
      const member = socket.data as StaffMember & { client: string };
      void socket.join([...(member.role === 'admin' ? [ROOMS.moderator, ROOMS.admin] : [ROOMS.moderator]), memberRoom(member.name)]);
      // Counted once connected (a handshake the client left during the key check never connects, never leaves).
      this.perClient.set(member.client, (this.perClient.get(member.client) ?? 0) + 1);
      socket.once('disconnect', () => {
        const left = (this.perClient.get(member.client) ?? 1) - 1;
        if (left <= 0) this.perClient.delete(member.client);
        else this.perClient.set(member.client, left);
      });
    });
  }

  /** Checks the handshake's key and the per-client cap; on success the socket carries its member. */
  private async admit(socket: Socket): Promise<void> {
    const client = this.settings.clientKeyOf(socket.conn.request) ?? socket.handshake.address;
    const auth = socket.handshake.auth as { key?: unknown };
    const key = typeof auth.key === 'string' ? auth.key : '';
    // No key tried nothing: 401 without spending the budget, as a route without a Bearer key.
    const member = await this.auth.check(key ? `Bearer ${key}` : '', client, socket.handshake.address, 'moderator');
    if ((this.perClient.get(client) ?? 0) >= Math.min(STAFF_SOCKETS_PER_CLIENT, this.settings.maxSocketsPerClient))
      throw new AppError('RATE_LIMITED', { reason: 'live_connections', retryAfterSeconds: 10 });
    socket.data = { name: member.name, role: member.role, client } satisfies StaffMember & { client: string };
  }

  announce<E extends StaffEventName>(event: E, payload: StaffEvents[E]): void {
    const room = STAFF_EVENTS[event].audience === 'admin' ? ROOMS.admin : ROOMS.moderator;
    try {
      // Across nodes through the adapter; a failed relay must not fail the staff action that made it.
      this.namespace.to(room).emit(event, payload);
      // A revoked key's open consoles are closed on every node: they hear nothing more (reconnecting is refused, 401).
      const revoked = event === 'audit:entry' ? revokedName(payload as StaffEvents['audit:entry']) : null;
      if (revoked !== null) this.namespace.in(memberRoom(revoked)).disconnectSockets(true);
      this.relaying.fine();
    } catch (error) {
      this.relaying.happened(error);
    }
  }

  /** Staff sockets held on this node (tests, metrics). */
  get size(): number {
    return this.namespace.sockets.size;
  }
}
