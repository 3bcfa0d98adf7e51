import { createHash } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { RedisCommands, RedisConnections } from '../../redis/redis-connection.js';

const scriptMissing = (error: unknown): boolean => error instanceof ErrorReply && error.message.startsWith('NOSCRIPT');

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
      if (!scriptMissing(error)) throw error;
      return client.eval(this.source, options);
    });
  }

  /**
   * `run` inside `redis.call`, its reply turned into the caller's value by `map`: the NOSCRIPT
   * fallback is the call's retry (on its failure step), not a catch step of its own, so a budget
   * check's answer reaches the edge one promise step sooner.
   */
  call<R>(redis: Pick<RedisConnections, 'call' | 'commands'>, keys: string[], args: readonly string[], map: (reply: unknown) => R): Promise<R> {
    const client = redis.commands;
    const options = { keys, arguments: args as string[] };
    return redis.call(
      () => client.evalSha(this.sha, options),
      map,
      (error) => (scriptMissing(error) ? () => client.eval(this.source, options) : undefined),
    );
  }
}
