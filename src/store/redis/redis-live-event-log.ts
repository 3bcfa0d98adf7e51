import { SSE_FRAME_OVERHEAD, type LiveEventLog, type LoggedLiveEvent, type ResumeBounds } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';
import { isStreamId, RedisStream } from './redis-stream.js';

/** Entries read per XRANGE inside the script. */
const PAGE = 100;

/**
 * The events after ARGV[1] named in ARGV[5..], oldest first, as a flat [id, event, data, …] list;
 * nil when ARGV[1] is not in the stream; 0 when they are more than ARGV[2] bytes (as SSE frames,
 * the size `loggedEventBytes` counts) or more than ARGV[4] entries follow. The id is looked up
 * exactly first (one small read), so an unknown or rolled-off id costs nothing more; then pages of
 * ARGV[3] entries are read and the script stops as soon as the byte bound is passed: the work is
 * bounded by the history, the reply by the byte bound, whatever the id.
 */
const SINCE = new LuaScript(`
local key, id = KEYS[1], ARGV[1]
local maxBytes, page, budget = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if #redis.call('XRANGE', key, id, id) == 0 then return false end
local wanted = {}
for i = 5, #ARGV do wanted[ARGV[i]] = true end
local out, bytes, from = {}, 0, '(' .. id
while budget > 0 do
  local count = math.min(page, budget)
  local entries = redis.call('XRANGE', key, from, '+', 'COUNT', count)
  for _, entry in ipairs(entries) do
    local fields, event, data = entry[2], '', ''
    for j = 1, #fields, 2 do
      if fields[j] == 'event' then event = fields[j + 1] elseif fields[j] == 'data' then data = fields[j + 1] end
    end
    if wanted[event] then
      bytes = bytes + #entry[1] + #event + #data + ${SSE_FRAME_OVERHEAD}
      if bytes > maxBytes then return 0 end
      out[#out + 1] = entry[1]
      out[#out + 1] = event
      out[#out + 1] = data
    end
  end
  if #entries < count then return out end
  budget = budget - #entries
  from = '(' .. entries[#entries][1]
end
return 0
`);

/**
 * Live event history as a Redis stream shared by every node (XADD assigns the id once, one clock
 * and one sequence for all nodes). A resume is one script: exact lookup of the client's id, then
 * a read bounded by the history's size and the client's byte bound, so a client asking from an
 * id older than the history never makes Redis build (or queue) a reply of the whole stream.
 */
export class RedisLiveEventLog implements LiveEventLog {
  /** The history's stream: a store step that records its live event itself (LiveStep) appends there too. */
  readonly stream: RedisStream;
  /** Entries a resume may walk: the stream holds about `capacity` (MAXLEN ~ leaves up to one node more). */
  private readonly scanLimit: number;

  constructor(
    private readonly redis: RedisConnections,
    key: string,
    capacity: number,
  ) {
    this.stream = new RedisStream(redis, key, capacity);
    this.scanLimit = capacity + 2 * PAGE;
  }

  append(event: string, data: string): Promise<string> {
    return this.stream.append({ event, data });
  }

  since(id: string, bounds: ResumeBounds): Promise<LoggedLiveEvent[] | null> {
    // A malformed id would make XRANGE fail with an error reply; it is simply not in the history.
    if (!isStreamId(id)) return Promise.resolve(null);
    const { key } = this.stream;
    return this.redis.call(async () => {
      const reply = await SINCE.run(this.redis.commands, [key], [id, bounds.maxBytes, PAGE, this.scanLimit, ...bounds.events]);
      if (!Array.isArray(reply)) return null;
      const missed: LoggedLiveEvent[] = [];
      for (let i = 0; i + 2 < reply.length; i += 3) missed.push({ id: String(reply[i]), event: String(reply[i + 1]), data: String(reply[i + 2]) });
      return missed;
    });
  }

  lastId(): Promise<string | null> {
    const { key } = this.stream;
    return this.redis.call(async () => (await this.redis.commands.xRevRange(key, '+', '-', { COUNT: 1 }))[0]?.id ?? null);
  }
}
