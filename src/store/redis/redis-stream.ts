import type { RedisConnections } from '../../redis/redis-connection.js';

/** A Redis stream id, "<ms>-<seq>"; anything else would make XRANGE or XDEL fail with an error reply. */
export const isStreamId = (id: string) => /^\d{1,15}-\d{1,15}$/.test(id);

/**
 * A Redis stream kept to about `capacity` entries, for the logs whose ids are Redis's (chat, live
 * events): XADD stamps "<server ms>-<seq>", one clock and one sequence for every node, and its
 * approximate MAXLEN trims whole radix-tree nodes, which bounds the stream at no extra cost.
 */
export class RedisStream {
  constructor(
    readonly redis: RedisConnections,
    readonly key: string,
    readonly capacity: number,
  ) {}

  /** Appends `fields` under a new id and resolves with it (503 UNAVAILABLE when Redis is away). */
  append(fields: Record<string, string>): Promise<string> {
    // `commands` is read at each call: after a failover it is the new master's client.
    return this.redis.call(() => this.redis.commands.xAdd(this.key, '*', fields, { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: this.capacity } }));
  }
}
