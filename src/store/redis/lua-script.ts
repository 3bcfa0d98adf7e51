import { createHash } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { RedisCommands } from '../../redis/redis-connection.js';

/**
 * A Lua script sent by SHA (EVALSHA) and loaded on demand: after a Redis restart its script
 * cache is empty, so NOSCRIPT falls back to one EVAL, which caches it again.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  // A promise callback, not async/await: a budget check runs this on every request.
  run(client: RedisCommands, keys: string[], args: ReadonlyArray<string | number>): Promise<unknown> {
    const options = { keys, arguments: args.map(String) };
    return client.evalSha(this.sha, options).catch((error: unknown) => {
      if (!(error instanceof ErrorReply) || !error.message.startsWith('NOSCRIPT')) throw error;
      return client.eval(this.source, options);
    });
  }
}
