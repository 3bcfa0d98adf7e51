import type { RedisConnections } from '../../redis/redis-connection.js';
import type { Programme } from '../../station/programme.js';
import type { ProgrammeStore } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

// KEYS: the programme (JSON text), its revision (a number, read alone by the other nodes' checks).
// Both under the station prefix, so on a Cluster they share the station's slot and one script
// may touch both.

// ARGV: revision, json. Writes only when nothing is stored; answers the stored json.
const SEED = new LuaScript(`
if redis.call('SET', KEYS[1], ARGV[2], 'NX') then
  redis.call('SET', KEYS[2], ARGV[1])
  return ARGV[2]
end
return redis.call('GET', KEYS[1])
`);

// ARGV: expected revision, new revision, json. Compare-and-set on the revision.
const REPLACE = new LuaScript(`
local revision = redis.call('GET', KEYS[2]) or '0'
if revision ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2])
return 1
`);

/** The programme in Redis, under the station prefix, read by every node. */
export class RedisProgrammeStore implements ProgrammeStore {
  private readonly keys: [string, string];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.keys = [`${prefix}programme`, `${prefix}programme:revision`];
  }

  seed(programme: Programme): Promise<Programme> {
    return this.redis.call(async () => JSON.parse((await SEED.run(this.redis.commands, this.keys, [programme.revision, JSON.stringify(programme)])) as string) as Programme);
  }

  revision(): Promise<number> {
    return this.redis.call(async () => Number((await this.redis.commands.get(this.keys[1])) ?? 0));
  }

  read(): Promise<Programme | null> {
    return this.redis.call(async () => {
      const json = await this.redis.commands.get(this.keys[0]);
      return json ? (JSON.parse(json) as Programme) : null;
    });
  }

  replace(next: Programme, expectedRevision: number): Promise<boolean> {
    return this.redis.call(async () => (await REPLACE.run(this.redis.commands, this.keys, [expectedRevision, next.revision, JSON.stringify(next)])) === 1);
  }
}
