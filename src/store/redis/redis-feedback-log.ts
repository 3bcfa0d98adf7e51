import type { Feedback } from '../../station/model.js';
import type { FeedbackLog } from '../../station/ports.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';

/** Feedback as a capped Redis list, newest at the head; push and trim go in one MULTI. */
export class RedisFeedbackLog implements FeedbackLog {
  constructor(
    private readonly client: RedisClient,
    private readonly key: string,
    private readonly capacity: number,
  ) {}

  append(feedback: Feedback): Promise<void> {
    return redisCall(async () => {
      await this.client
        .multi()
        .lPush(this.key, JSON.stringify(feedback))
        .lTrim(this.key, 0, this.capacity - 1)
        .exec();
    });
  }

  recent(limit: number): Promise<Feedback[]> {
    return redisCall(async () => {
      const rows = await this.client.lRange(this.key, 0, limit - 1);
      return rows.map((row) => JSON.parse(row) as Feedback);
    });
  }
}
