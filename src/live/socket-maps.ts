import type { Socket } from 'socket.io';
import { OneEntryMap } from './one-entry-map.js';

/** The Maps Socket.IO (4.8) keeps for the life of a connection, as this module reaches them. */
interface SocketMaps {
  /** The socket's pending acks of server-to-client emits (none on /live: nothing here asks a client for an ack). */
  acks: Map<number, unknown>;
  /** Its Client's sockets by id and by namespace: one each, unless the client multiplexes namespaces. */
  client: { sockets: Map<string, unknown>; nsps: Map<string, unknown> };
}

/**
 * Swaps the three Maps Socket.IO keeps for every connection (the socket's `acks`, its Client's
 * `sockets` and `nsps`) for OneEntryMaps with the same entries: ~0.19 KB each as empty Maps, 48
 * bytes each here. Socket.IO keeps using them through Map's methods only (client.js and socket.js
 * call get, set, has, delete, clear, size and values); test/live/socket-io-shapes.test.ts fails
 * if a Socket.IO upgrade stops keeping them as Maps or calls another method on them. Called at
 * the namespace's `connection`, when Socket.IO has put the socket in both of its Client's Maps.
 */
export function leanSocketMaps(socket: Socket): void {
  const maps = socket as unknown as SocketMaps;
  maps.acks = copied(maps.acks);
  maps.client.sockets = copied(maps.client.sockets);
  maps.client.nsps = copied(maps.client.nsps);
}

function copied<K, V>(map: Map<K, V>): Map<K, V> {
  if (map instanceof OneEntryMap) return map; // the Client's, when a second namespace of it connects
  const copy = new OneEntryMap<K, V>();
  for (const [key, value] of map) copy.set(key, value);
  return copy;
}
