import type { RedisConnections } from '../../redis/redis-connection.js';
import type { Programme, ProgrammeVersion } from '../../station/programme.js';
import type { ProgrammeStore } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

// KEYS: the programme (JSON text), its revision and its generation (read alone by the other
// nodes' checks). All under the station prefix, so on a Cluster they share the station's slot and
// one script may touch them all. A programme stored before generations existed gets one the
// first time a node seeds (SET NX), so every node of that store agrees on it.

// ARGV: revision, json, generation. Writes only when nothing is stored; answers the stored json and generation.
const SEED = new LuaScript(`
if redis.call('SET', KEYS[1], ARGV[2], 'NX') then
  redis.call('SET', KEYS[2], ARGV[1])
  redis.call('SET', KEYS[3], ARGV[3])
  return {ARGV[2], ARGV[3]}
end
redis.call('SET', KEYS[3], ARGV[3], 'NX')
return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[3])}
`);

// Answers {json, generation} or nothing.
const READ = new LuaScript(`
local json = redis.call('GET', KEYS[1])
if not json then return nil end
return {json, redis.call('GET', KEYS[3]) or ''}
`);

// ARGV: expected generation ('' with expected revision 0: none stored), expected revision, new
// revision, json, new generation. Compare-and-set on both.
const REPLACE = new LuaScript(`
local generation, revision = '', '0'
if redis.call('EXISTS', KEYS[1]) == 1 then
  generation = redis.call('GET', KEYS[3]) or ''
  revision = redis.call('GET', KEYS[2]) or '0'
end
if generation ~= ARGV[1] or revision ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[4])
redis.call('SET', KEYS[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[5])
return 1
`);

/** The stored JSON with the generation its key holds (a programme stored before generations lacks both fields). */
const parsed = (json: string, generation: string): Programme => {
  const stored = JSON.parse(json) as Partial<Programme> & Omit<Programme, 'generation' | 'supersedes'>;
  return { ...stored, supersedes: stored.supersedes ?? [], generation };
};

/** The programme in Redis, under the station prefix, read by every node. */
export class RedisProgrammeStore implements ProgrammeStore {
  private readonly keys: [string, string, string];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.keys = [`${prefix}programme`, `${prefix}programme:revision`, `${prefix}programme:generation`];
  }

  seed(programme: Programme): Promise<Programme> {
    return this.redis.call(async () => {
      const [json, generation] = (await SEED.run(this.redis.commands, this.keys, [programme.revision, JSON.stringify(programme), programme.generation])) as [string, string];
      return parsed(json, generation);
    });
  }

  version(): Promise<ProgrammeVersion | null> {
    return this.redis.call(async () => {
      const [revision, generation] = await Promise.all([this.redis.commands.get(this.keys[1]), this.redis.commands.get(this.keys[2])]);
      return revision === null ? null : { generation: generation ?? '', revision: Number(revision) };
    });
  }

  read(): Promise<Programme | null> {
    return this.redis.call(async () => {
      const stored = (await READ.run(this.redis.commands, this.keys, [])) as [string, string] | null;
      return stored ? parsed(stored[0], stored[1]) : null;
    });
  }

  replace(next: Programme, expected: ProgrammeVersion | null): Promise<boolean> {
    const args = [expected?.generation ?? '', expected?.revision ?? 0, next.revision, JSON.stringify(next), next.generation];
    return this.redis.call(async () => (await REPLACE.run(this.redis.commands, this.keys, args)) === 1);
  }
}
