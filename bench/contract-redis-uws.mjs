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
// Argument: a JSON file {redisUrl, prefix, rateLimit, chatRateLimit, origins, exposeHeaders, answers}
// (lib/redis-contract.mjs writes it from our answers). It keeps its own key prefix.
import uWS from '../dist/http/uws.js';
import { ContentFilter } from '../dist/station/content-filter.js';
import { nicknameSkeleton } from '../dist/station/nickname-skeleton.js';
import { createHash } from 'node:crypto';
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
// A chat post, whole: budgets (route, chat), bans, repeat, append, relay. Status 0: appended.
const POST_CHAT = `
local function hit(key, ms)
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ms) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ms); ttl = tonumber(ms) end
  return count, ttl
end
local count, ttl = hit(KEYS[1], ARGV[1])
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

const redis = createClient({ url: contract.redisUrl });
await redis.connect();
const hitSha = await redis.scriptLoad(HIT);
const postSha = await redis.scriptLoad(POST_CHAT);

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

app.listen('127.0.0.1', 0, (socket) => {
  if (!socket) process.exit(1);
  process.stdout.write(`${JSON.stringify({ port: uWS.us_socket_local_port(socket) })}\n`);
});
process.on('SIGTERM', () => {
  redis.close().finally(() => process.exit(0));
});
