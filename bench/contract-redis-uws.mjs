// The contract handler per public route on the Redis store (issue 33, item 6): a bare
// uWebSockets.js server doing by hand the Redis work each of our public routes must do, in ONE
// round trip per request, and writing the same bytes and required headers (X-Request-Id, CORS,
// RateLimit-Policy and RateLimit from the budget counted in Redis, ETag and Cache-Control where
// ours sends them, 304 on a matching If-None-Match, Content-Type):
// - the station GETs (status, nowplaying, stats, schedule, playlists): the budget (the same Lua
//   script as ours, EVALSHA), then the answer our service gave (its state is in-process, as ours);
// - the general GETs (current-song.php, stream-stats.php, now-playing.php): they spend no budget,
//   so the same bytes and headers at once, without Redis;
// - GET chat: the budget and the newest page of the last hour (XREVRANGE), pipelined in one write;
// - POST chat: one script holding both budgets, the ban check, the repeat check, the append and
//   the relay to other nodes (XADD to the live event log, PUBLISH), with the same content filter.
// - GET requests: the budget and the pending page (ZRANGE, HGET each) pipelined in one write;
// - POST requests: one script holding the route's budget, the recently-played threshold, the
//   client's delay (a pending song answered with it and nothing spent), the queue (capped), the
//   song's tally, and the live event with its relay (XADD, PUBLISH);
// - POST feedback: one script holding the route's budget and the capped log's append.
// A song request's client is the last X-Forwarded-For address when the peer is loopback (ours
// believes loopback in this bench); the other routes count the peer address.
// Argument: a JSON file {redisUrl, prefix, rateLimit, chatRateLimit, origins, exposeHeaders, answers,
// requests, feedback, liveEventHistory}
// (lib/redis-contract.mjs writes it from our answers). It keeps its own key prefix.
import uWS from '../dist/http/uws.js';
import { ContentFilter } from '../dist/station/content-filter.js';
import { nicknameSkeleton } from '../dist/station/nickname-skeleton.js';
import { makeSong } from '../dist/station/song.js';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { corsRules, requestIds } from './lib/contract-rules.mjs';

const contract = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { prefix } = contract;
const cors = corsRules(contract.origins, contract.exposeHeaders);
const nextRequestId = requestIds();
const filter = new ContentFilter({ links: 'block', blockedWords: [], allowedWords: [] });
const JSON_TYPE = 'application/json; charset=utf-8';
const HOUR_MS = 3_600_000;

// Ours: src/store/redis/redis-window-counter.ts (HIT), the same text.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;
// One fixed-window hit (INCR, PEXPIRE on the first), shared by every script below that counts a budget.
const HIT_FUNCTION = `local function hit(key, ms)
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ms) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ms); ttl = tonumber(ms) end
  return count, ttl
end
`;
// A chat post, whole: budgets (route, chat), bans, repeat, append, relay. Status 0: appended.
const POST_CHAT = `
${HIT_FUNCTION}local count, ttl = hit(KEYS[1], ARGV[1])
if count > tonumber(ARGV[2]) then return {count, ttl, 1, ''} end
local chatCount = hit(KEYS[2], ARGV[3])
if chatCount > tonumber(ARGV[4]) then return {count, ttl, 2, ''} end
if redis.call('EXISTS', KEYS[3], KEYS[4], KEYS[5]) > 0 then return {count, ttl, 3, ''} end
if redis.call('SET', KEYS[6], ARGV[5], 'EX', 60, 'GET') == ARGV[5] then return {count, ttl, 4, ''} end
local id = redis.call('XADD', KEYS[7], 'MAXLEN', '~', 1000, '*', 'nickname', ARGV[6], 'message', ARGV[7], 'client', ARGV[8])
local ts = math.floor(tonumber(string.match(id, '^(%d+)')) / 1000)
local data = '{"id":"' .. id .. '","nickname":' .. ARGV[9] .. ',"message":' .. ARGV[10] .. ',"timestamp":' .. ts .. '}'
local event = redis.call('XADD', KEYS[8], 'MAXLEN', '~', 500, '*', 'event', 'chat:message', 'data', data)
redis.call('PUBLISH', KEYS[9], '{"type":6,"data":["live:relay","chat:message",' .. data .. ',"' .. event .. '"]}')
return {count, ttl, 0, data}
`;

// The pending song requests, first come first served, at most ARGV[1].
const LIST_REQUESTS = `
local out = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1)) do
  local json = redis.call('HGET', KEYS[2], id)
  if json then out[#out + 1] = json end
end
return out
`;
// A song request, whole. Outcome 0: queued (201); 1: over the route's budget; 2: played within
// the threshold (its play time); 3: within the client's delay; 4: the song was pending (its JSON, 200).
const POST_REQUEST = `
${HIT_FUNCTION}local count, ttl = hit(KEYS[1], ARGV[1])
if count > tonumber(ARGV[2]) then return {count, ttl, 1, ''} end
local song = ARGV[5]
if tonumber(ARGV[4]) > 0 then
  local played = redis.call('ZSCORE', KEYS[2], song)
  if played and tonumber(ARGV[3]) - tonumber(played) < tonumber(ARGV[4]) then return {count, ttl, 2, played} end
end
local pendingId = redis.call('HGET', KEYS[4], song)
local pending = pendingId and redis.call('HGET', KEYS[5], pendingId)
if pending then return {count, ttl, 4, pending} end
local claim, claimTtl = hit(KEYS[3], ARGV[6])
if claim > 1 then redis.call('DECR', KEYS[3]); return {count, ttl, 3, tostring(claimTtl)} end
local id = ARGV[7]
redis.call('HSET', KEYS[5], id, ARGV[8])
redis.call('HSET', KEYS[6], id, song)
redis.call('ZADD', KEYS[7], ARGV[9], id)
redis.call('ZADD', KEYS[8], ARGV[10], id)
redis.call('HSET', KEYS[4], song, id)
local excess = redis.call('ZCARD', KEYS[8]) - tonumber(ARGV[11])
if excess > 0 then
  for _, old in ipairs(redis.call('ZRANGE', KEYS[8], 0, excess - 1)) do
    local oldSong = redis.call('HGET', KEYS[6], old)
    if oldSong and redis.call('HGET', KEYS[4], oldSong) == old then redis.call('HDEL', KEYS[4], oldSong) end
    redis.call('HDEL', KEYS[5], old)
    redis.call('HDEL', KEYS[6], old)
    redis.call('ZREM', KEYS[7], old)
  end
  redis.call('ZREMRANGEBYRANK', KEYS[8], 0, excess - 1)
end
redis.call('HSET', KEYS[9], song, ARGV[12])
redis.call('HINCRBY', KEYS[10], song .. ':requests', 1)
local event = redis.call('XADD', KEYS[11], 'MAXLEN', '~', ARGV[14], '*', 'event', 'request:new', 'data', ARGV[13])
redis.call('PUBLISH', KEYS[12], '{"type":6,"data":["live:relay","request:new",' .. ARGV[13] .. ',"' .. event .. '"]}')
return {count, ttl, 0, ''}
`;
// Feedback, whole: the route's budget, then the capped log's append (its counter numbers the entries).
const POST_FEEDBACK = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
if count > tonumber(ARGV[2]) then return {count, ttl, 1} end
if redis.call('EXISTS', KEYS[3]) == 0 then redis.call('SET', KEYS[3], redis.call('LLEN', KEYS[2])) end
redis.call('INCR', KEYS[3])
redis.call('LPUSH', KEYS[2], ARGV[3])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
return {count, ttl, 0}
`;

const redis = createClient({ url: contract.redisUrl });
await redis.connect();
const hitSha = await redis.scriptLoad(HIT);
const postSha = await redis.scriptLoad(POST_CHAT);
const listRequestsSha = await redis.scriptLoad(LIST_REQUESTS);
const postRequestSha = await redis.scriptLoad(POST_REQUEST);
const postFeedbackSha = await redis.scriptLoad(POST_FEEDBACK);

const { name, limit, windowSeconds } = contract.rateLimit;
const windowMs = String(windowSeconds * 1000);
const policy = `"${name}";q=${limit};w=${windowSeconds}`;
const chatWindowMs = String(contract.chatRateLimit.windowSeconds * 1000);
const chatLimit = String(contract.chatRateLimit.limit);
const rateLimit = (count, ttl) => `"${name}";r=${limit > count ? limit - count : 0};t=${Math.max(1, Math.ceil(ttl / 1000))}`;
const refused = (code, message) => Buffer.from(JSON.stringify({ success: false, error: { code, message } }));
const TOO_MANY = refused('RATE_LIMITED', 'Too many requests; try again later.');
const UNAVAILABLE = refused('UNAVAILABLE', 'The store is not available; try again shortly.');

/** A failed Redis call is answered 503, never a crash. */
function unavailable(res, ask) {
  if (ask.aborted) return;
  res.cork(() => res.writeStatus('503 Service Unavailable').writeHeader('X-Request-Id', ask.requestId).writeHeader('Content-Type', JSON_TYPE).end(UNAVAILABLE));
}

/** What every request reads of uWS's req inside the callback (it dies with it). */
function capture(res, req) {
  return {
    requestId: nextRequestId(req.getHeader('x-request-id')),
    allowOrigin: cors.anyOrigin ? '*' : cors.allowOrigin(req.getHeader('origin')),
    ip: Buffer.from(res.getRemoteAddressAsText()).toString('latin1'),
  };
}

/** The answer: status line, required headers, `extra` ([name, value, …]), body (null: none, as a 304). */
function reply(res, ask, status, count, ttl, extra, body) {
  if (ask.aborted) return;
  res.cork(() => {
    res.writeStatus(status).writeHeader('X-Request-Id', ask.requestId);
    if (ask.allowOrigin !== '') res.writeHeader('Access-Control-Allow-Origin', ask.allowOrigin).writeHeader('Access-Control-Expose-Headers', cors.exposeHeaders);
    if (!cors.anyOrigin) res.writeHeader('Vary', 'Origin');
    res.writeHeader('RateLimit-Policy', policy).writeHeader('RateLimit', rateLimit(count, ttl));
    for (let i = 0; i < extra.length; i += 2) res.writeHeader(extra[i], extra[i + 1]);
    if (body === null) res.endWithoutBody();
    else res.writeHeader('Content-Type', JSON_TYPE).end(body);
  });
}

const app = uWS.App();

// The station GETs: the budget, then the prepared answer (or 304).
for (const [path, answer] of Object.entries(contract.answers)) {
  const body = Buffer.from(answer.body, 'base64');
  const cached = answer.etag ? ['ETag', answer.etag, 'Cache-Control', answer.cacheControl] : [];
  const opaque = answer.etag?.replace(/^W\//, '');
  if (!answer.budget) {
    // No budget (the general GETs): the answer at once, in the callback, without Redis.
    app.get(path, (res, req) => {
      const requestId = nextRequestId(req.getHeader('x-request-id'));
      const allowOrigin = cors.anyOrigin ? '*' : cors.allowOrigin(req.getHeader('origin'));
      const ifNoneMatch = opaque ? req.getHeader('if-none-match') : '';
      const notModified = ifNoneMatch !== '' && (ifNoneMatch === answer.etag || ifNoneMatch === opaque || ifNoneMatch === `W/${opaque}`);
      res.writeStatus(notModified ? '304 Not Modified' : '200 OK').writeHeader('X-Request-Id', requestId);
      if (allowOrigin !== '') res.writeHeader('Access-Control-Allow-Origin', allowOrigin).writeHeader('Access-Control-Expose-Headers', cors.exposeHeaders);
      if (!cors.anyOrigin) res.writeHeader('Vary', 'Origin');
      for (let i = 0; i < cached.length; i += 2) res.writeHeader(cached[i], cached[i + 1]);
      if (notModified) res.endWithoutBody();
      else res.writeHeader('Content-Type', JSON_TYPE).end(body);
    });
    continue;
  }
  app.get(path, (res, req) => {
    const ask = capture(res, req);
    const ifNoneMatch = opaque ? req.getHeader('if-none-match') : '';
    res.onAborted(() => (ask.aborted = true));
    redis.evalSha(hitSha, { keys: [`${prefix}ratelimit:http:${ask.ip}`], arguments: [windowMs] }).then(
      ([count, ttl]) => {
        if (count > limit) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', String(Math.max(1, Math.ceil(ttl / 1000)))], TOO_MANY);
        const notModified = ifNoneMatch !== '' && (ifNoneMatch === answer.etag || ifNoneMatch === opaque || ifNoneMatch === `W/${opaque}`);
        reply(res, ask, notModified ? '304 Not Modified' : '200 OK', count, ttl, cached, notModified ? null : body);
      },
      () => unavailable(res, ask),
    );
  });
}

// GET chat: the budget and the page in one write (node-redis pipelines what is sent in one tick).
app.get('/api/mobile/chat', (res, req) => {
  const ask = capture(res, req);
  res.onAborted(() => (ask.aborted = true));
  const start = `${Math.floor(Date.now() - HOUR_MS) + 1}-0`;
  Promise.all([
    redis.evalSha(hitSha, { keys: [`${prefix}ratelimit:http:${ask.ip}`], arguments: [windowMs] }),
    redis.sendCommand(['XREVRANGE', `${prefix}chat`, '+', start, 'COUNT', '20']),
  ]).then(
    ([[count, ttl], entries]) => {
      if (count > limit) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', String(Math.max(1, Math.ceil(ttl / 1000)))], TOO_MANY);
      let messages = '';
      for (let i = entries.length - 1; i >= 0; i--) {
        const [id, fields] = entries[i];
        let nickname = '';
        let message = '';
        for (let f = 0; f < fields.length; f += 2) {
          if (fields[f] === 'nickname') nickname = fields[f + 1];
          else if (fields[f] === 'message') message = fields[f + 1];
        }
        const timestamp = Math.floor(Number(id.slice(0, id.indexOf('-'))) / 1000);
        messages += `${messages === '' ? '' : ','}{"id":"${id}","nickname":${JSON.stringify(nickname)},"message":${JSON.stringify(message)},"timestamp":${timestamp}}`;
      }
      const next = entries.length ? `"${entries[0][0]}"` : 'null';
      reply(res, ask, '200 OK', count, ttl, [], `{"success":true,"data":{"messages":[${messages}],"count":${entries.length},"next":${next},"has_more":false}}`);
    },
    () => unavailable(res, ask),
  );
});

// POST chat: the body, the checks a hand-written handler makes in-process, then one script.
app.post('/api/mobile/chat', (res, req) => {
  const ask = capture(res, req);
  res.onAborted(() => (ask.aborted = true));
  const chunks = [];
  res.onData((chunk, last) => {
    chunks.push(Buffer.from(chunk));
    if (!last) return;
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      input = null;
    }
    const nickname = input?.nickname;
    const message = input?.message;
    const valid = typeof nickname === 'string' && typeof message === 'string' && [...nickname].length >= 2 && [...nickname].length <= 20 && message.length >= 1 && [...message].length <= 500;
    if (!valid) return reply(res, ask, '400 Bad Request', 0, 1000, [], refused('VALIDATION_FAILED', 'The request is invalid.'));
    if (filter.refusalReason(message) || !filter.nicknameAllowed(nickname)) return reply(res, ask, '422 Unprocessable Entity', 0, 1000, [], refused('CONTENT_REJECTED', 'Refused.'));
    const ban = `${prefix}chat:ban:`;
    const fingerprint = createHash('sha1').update(message.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')).digest('base64');
    const keys = [
      `${prefix}ratelimit:http:${ask.ip}`,
      `${prefix}ratelimit:chat:${ask.ip}`,
      `${ban}nickname:${nicknameSkeleton(nickname)}`,
      `${ban}ip:${ask.ip}`,
      `${ban}sender:${ask.ip}`,
      `${prefix}chat:last:${nickname.toLowerCase()}|${ask.ip}`,
      `${prefix}chat`,
      `${prefix}live:events`,
      `${prefix}socket.io-request#/#`,
    ];
    const args = [windowMs, String(limit), chatWindowMs, chatLimit, fingerprint, nickname, message, ask.ip, JSON.stringify(nickname), JSON.stringify(message)];
    redis.evalSha(postSha, { keys, arguments: args }).then(
      ([count, ttl, outcome, data]) => {
        if (outcome === 0) return reply(res, ask, '201 Created', count, ttl, [], `{"success":true,"data":${data}}`);
        if (outcome === 1 || outcome === 2) return reply(res, ask, '429 Too Many Requests', count, ttl, [], TOO_MANY);
        reply(res, ask, '422 Unprocessable Entity', count, ttl, [], refused('CONTENT_REJECTED', outcome === 3 ? 'ban' : 'repeat'));
      },
      () => unavailable(res, ask),
    );
  });
});

/** The body of a POST, parsed once whole (null: not a JSON object); the request is answered 400 then. */
function readJson(res, done) {
  const chunks = [];
  res.onData((chunk, last) => {
    chunks.push(Buffer.from(chunk));
    if (!last) return;
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      input = null;
    }
    done(input !== null && typeof input === 'object' && !Array.isArray(input) ? input : null);
  });
}

const BAD_REQUEST = refused('VALIDATION_FAILED', 'The request is invalid.');
const text = (value, min, max) => typeof value === 'string' && value.trim().length >= min && [...value.trim()].length <= max;
const optionalText = (value, max) => value === undefined || text(value, 0, max);
const retryAfter = (ms) => String(Math.max(1, Math.ceil(ms / 1000)));
const requestKeys = {
  pending: `${prefix}requests:pending`,
  data: `${prefix}requests:data`,
};
const request = contract.requests;
const listLimit = '20';
// A stored request names no absent requester; the answer says "Anonymous" (ours: the client's language, English here).
const anonymous = (json) => json.replace('"requester_name":null', '"requester_name":"Anonymous"');

// GET requests: the budget and the pending page in one write.
app.get('/api/mobile/requests', (res, req) => {
  const ask = capture(res, req);
  res.onAborted(() => (ask.aborted = true));
  Promise.all([
    redis.evalSha(hitSha, { keys: [`${prefix}ratelimit:http:${ask.ip}`], arguments: [windowMs] }),
    redis.evalSha(listRequestsSha, { keys: [requestKeys.pending, requestKeys.data], arguments: [listLimit] }),
  ]).then(
    ([[count, ttl], rows]) => {
      if (count > limit) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', retryAfter(ttl)], TOO_MANY);
      let list = '';
      for (const row of rows) list += `${list === '' ? '' : ','}${anonymous(row)}`;
      reply(res, ask, '200 OK', count, ttl, [], `{"success":true,"data":{"requests":[${list}],"count":${rows.length}}}`);
    },
    () => unavailable(res, ask),
  );
});

// POST requests: the body checked by hand, then one script.
app.post('/api/mobile/requests', (res, req) => {
  const ask = capture(res, req);
  // Ours believes X-Forwarded-For from loopback in this bench: the client is its last address.
  const forwarded = ask.ip === '127.0.0.1' ? req.getHeader('x-forwarded-for') : '';
  const client = forwarded === '' ? ask.ip : forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  res.onAborted(() => (ask.aborted = true));
  readJson(res, (input) => {
    const valid =
      input &&
      text(input.song_title, 1, 200) &&
      text(input.artist, 1, 200) &&
      optionalText(input.requester_name, 50) &&
      optionalText(input.message, 500) &&
      (input.priority === undefined || input.priority === 'low' || input.priority === 'normal' || input.priority === 'high');
    if (!valid) return reply(res, ask, '400 Bad Request', 0, 1000, [], BAD_REQUEST);
    const now = Date.now();
    const seconds = Math.floor(now / 1000);
    const song = makeSong(input.artist.trim(), input.song_title.trim());
    const name = input.requester_name?.trim() || null;
    const id = randomUUID();
    const fields = (requester) =>
      `{"id":"${id}","song_title":${JSON.stringify(input.song_title.trim())},"artist":${JSON.stringify(input.artist.trim())},"requester_name":${requester},"message":${JSON.stringify(input.message?.trim() || null)},"priority":"${input.priority ?? 'normal'}","status":"pending","created_at":${seconds}}`;
    const stored = fields(JSON.stringify(name));
    const answered = fields(JSON.stringify(name ?? 'Anonymous'));
    const keys = [
      `${prefix}ratelimit:http:${client}`,
      `${prefix}station:last-played`,
      `${prefix}ratelimit:song-request:${client}`,
      `${prefix}requests:pending-by-song`,
      requestKeys.data,
      `${prefix}requests:song-of`,
      requestKeys.pending,
      `${prefix}requests:all`,
      `${prefix}station:songs`,
      `${prefix}station:song-tallies`,
      `${prefix}live:events`,
      `${prefix}socket.io-request#/#`,
    ];
    // A fair queue (requests.listenerPriority "shown"): every listener's request ranks "normal" (1), then by age.
    const args = [
      windowMs,
      String(limit),
      String(seconds),
      String(request.thresholdSeconds),
      song.id,
      String(request.delaySeconds * 1000),
      id,
      stored,
      String(1e13 + now),
      String(now),
      String(request.historySize),
      JSON.stringify(song),
      answered,
      String(contract.liveEventHistory),
    ];
    redis.evalSha(postRequestSha, { keys, arguments: args }).then(
      ([count, ttl, outcome, value]) => {
        if (outcome === 0) return reply(res, ask, '201 Created', count, ttl, [], `{"success":true,"data":${answered}}`);
        if (outcome === 4) return reply(res, ask, '200 OK', count, ttl, [], `{"success":true,"data":${anonymous(value)}}`);
        if (outcome === 1) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', retryAfter(ttl)], TOO_MANY);
        if (outcome === 3) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', retryAfter(Number(value))], refused('RATE_LIMITED', 'request_delay'));
        const wait = String(request.thresholdSeconds - (seconds - Number(value)));
        reply(res, ask, '409 Conflict', count, ttl, ['Retry-After', wait], refused('RECENTLY_PLAYED', 'recently_played'));
      },
      () => unavailable(res, ask),
    );
  });
});

// POST feedback: the body checked by hand, then one script. The bench's station is off air: a rating names no song.
app.post('/api/mobile/feedback', (res, req) => {
  const ask = capture(res, req);
  res.onAborted(() => (ask.aborted = true));
  readJson(res, (input) => {
    const valid =
      input &&
      typeof input.type === 'string' &&
      /^[a-z0-9_]{1,32}$/.test(input.type) &&
      optionalText(input.content, 2000) &&
      (input.rating === undefined || (Number.isInteger(input.rating) && input.rating >= 1 && input.rating <= 5));
    if (!valid) return reply(res, ask, '400 Bad Request', 0, 1000, [], BAD_REQUEST);
    const json = `{"id":"${randomUUID()}","type":"${input.type}","content":${JSON.stringify(input.content?.trim() || null)},"rating":${input.rating ?? null},"song":null,"created_at":${Math.floor(Date.now() / 1000)}}`;
    const keys = [`${prefix}ratelimit:http:${ask.ip}`, `${prefix}feedback`, `${prefix}feedback:appended`];
    redis.evalSha(postFeedbackSha, { keys, arguments: [windowMs, String(limit), json, String(contract.feedback.historySize)] }).then(
      ([count, ttl, outcome]) => {
        if (outcome === 1) return reply(res, ask, '429 Too Many Requests', count, ttl, ['Retry-After', retryAfter(ttl)], TOO_MANY);
        reply(res, ask, '201 Created', count, ttl, [], `{"success":true,"data":${json}}`);
      },
      () => unavailable(res, ask),
    );
  });
});

app.listen('127.0.0.1', 0, (socket) => {
  if (!socket) process.exit(1);
  process.stdout.write(`${JSON.stringify({ port: uWS.us_socket_local_port(socket) })}\n`);
});
process.on('SIGTERM', () => {
  redis.close().finally(() => process.exit(0));
});
