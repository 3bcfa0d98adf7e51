import type { LiveEventLog, LoggedLiveEvent } from '../../station/ports.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';
import { LIVE_EVENT_ID } from '../live-event-id.js';

/**
 * Live event history as a Redis stream shared by every node: XADD assigns the id once (one clock,
 * one sequence for all nodes) and its approximate MAXLEN keeps the stream bounded. Resume reads
 * from the client's id inclusive, so that an id that rolled off (or never existed) is told apart
 * from "nothing new": only when the first entry is that very id is the rest exactly what was missed.
 */
export class RedisLiveEventLog implements LiveEventLog {
  constructor(
    private readonly client: RedisClient,
    private readonly key: string,
    private readonly capacity: number,
  ) {}

  append(event: string, payload: unknown): Promise<string> {
    return redisCall(() =>
      this.client.xAdd(
        this.key,
        '*',
        { event, data: JSON.stringify(payload) },
        {
          TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: this.capacity },
        },
      ),
    );
  }

  since(id: string): Promise<LoggedLiveEvent[] | null> {
    // A malformed id would make XRANGE fail with an error reply; it is simply not in the history.
    if (!LIVE_EVENT_ID.test(id)) return Promise.resolve(null);
    return redisCall(async () => {
      // Bounded: the stream holds about `capacity` entries.
      const entries = await this.client.xRange(this.key, id, '+');
      if (entries[0]?.id !== id) return null;
      return entries.slice(1).map((entry) => ({ id: entry.id, event: entry.message.event ?? '', payload: JSON.parse(entry.message.data ?? 'null') as unknown }));
    });
  }

  lastId(): Promise<string | null> {
    return redisCall(async () => (await this.client.xRevRange(this.key, '+', '-', { COUNT: 1 }))[0]?.id ?? null);
  }
}
