// The peer: what a station would run on plain node:http with Socket.IO 4 (no uWS), serving the
// same status answer and the same chat fan-out. GET /api/mobile/status answers our bytes with the
// same required headers (lib/contract-rules.mjs, the rules the contract-equivalent handler uses);
// POST /api/mobile/chat keeps the message and emits `chat:message` on the /live namespace.
// No framework on top, so its REST number is an upper bound for an Express station.
// Argument: a JSON file from statusContract() (lib/contract-rules.mjs).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { Server } from 'socket.io';
import { corsRules, fixedWindow, requestIds } from './lib/contract-rules.mjs';

const contract = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const statusBody = Buffer.from(contract.body, 'base64');
const statusCode = Number.parseInt(contract.status, 10);
const cors = corsRules(contract.origins, contract.exposeHeaders);
const limiter = fixedWindow(contract.rateLimit);
const nextRequestId = requestIds();
const MAX_BODY = 16 * 1024;
const history = [];
let sequence = 0;

function baseHeaders(req, now) {
  const window = limiter.consume(req.socket.remoteAddress ?? '', now);
  const headers = {
    'X-Request-Id': nextRequestId(req.headers['x-request-id'] ?? ''),
    'RateLimit-Policy': limiter.policy,
    RateLimit: limiter.header(window, now),
    'Content-Type': contract.contentType,
  };
  const allowOrigin = cors.allowOrigin(req.headers.origin ?? '');
  if (allowOrigin !== '') {
    headers['Access-Control-Allow-Origin'] = allowOrigin;
    headers['Access-Control-Expose-Headers'] = cors.exposeHeaders;
  }
  if (!cors.anyOrigin) headers.Vary = 'Origin';
  return { headers, allowed: limiter.allowed(window), window };
}

function answer(res, status, headers, payload) {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  headers['Content-Length'] = body.length;
  res.writeHead(status, headers).end(body);
}

function postChat(req, res, headers) {
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      input = null;
    }
    const { nickname, message } = input ?? {};
    if (typeof nickname !== 'string' || typeof message !== 'string' || !nickname.trim() || !message.trim() || message.length > 500) {
      answer(res, 400, headers, { success: false, error: { code: 'VALIDATION_FAILED', message: 'nickname and message are required.' } });
      return;
    }
    const now = Date.now();
    const stored = { id: `${now}-${++sequence}`, nickname: nickname.trim(), message: message.trim(), timestamp: Math.floor(now / 1000) };
    history.push(stored);
    if (history.length > 1000) history.shift();
    io.of('/live').emit('chat:message', stored);
    answer(res, 201, headers, { success: true, timestamp: stored.timestamp, data: stored });
  });
}

const server = createServer((req, res) => {
  const now = Date.now();
  const { headers, allowed, window } = baseHeaders(req, now);
  if (!allowed) {
    headers['Retry-After'] = limiter.retryAfter(window, now);
    answer(res, 429, headers, { success: false, error: { code: 'RATE_LIMITED', message: 'Too many requests; try again later.' } });
    return;
  }
  if (req.method === 'GET' && req.url === '/api/mobile/status') answer(res, statusCode, headers, statusBody);
  else if (req.method === 'POST' && req.url === '/api/mobile/chat') postChat(req, res, headers);
  else answer(res, 404, headers, { success: false, error: { code: 'NOT_FOUND', message: 'No such endpoint.' } });
});

const io = new Server(server, { cors: { origin: contract.origins.includes('*') ? '*' : contract.origins }, serveClient: false });
io.of('/live');

// PEER_PORT: a fixed port, so the reconnect wave can restart the peer where its clients look for it.
server.listen(Number(process.env.PEER_PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
