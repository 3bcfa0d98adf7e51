// The second yardstick: the contract-equivalent bare handler. A bare uWebSockets.js GET
// /api/mobile/status writing our bytes *and* the headers the public interface requires
// (X-Request-Id, CORS, RateLimit-Policy, RateLimit from a per-address counter in a Map, ETag and
// Cache-Control as ours sends them, 304 on a matching If-None-Match, Content-Type), as cheaply as
// a careful hand-written handler would: only the headers it needs are read, header strings are
// precomputed, the request id is a counter. Argument: a JSON file from statusContract()
// (lib/contract-rules.mjs).
import uWS from '../dist/http/uws.js';
import { readFileSync } from 'node:fs';
import { corsRules, fixedWindow, requestIds } from './lib/contract-rules.mjs';

const contract = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(contract.body, 'base64');
const cors = corsRules(contract.origins, contract.exposeHeaders);
const limiter = fixedWindow(contract.rateLimit);
const nextRequestId = requestIds();
const decoder = new TextDecoder();
// The tag without its W/ (If-None-Match compares weakly).
const opaque = contract.etag?.replace(/^W\//, '');
const refused = Buffer.from('{"success":false,"error":{"code":"RATE_LIMITED","message":"Too many requests; try again later."}}');

uWS
  .App()
  .get('/api/mobile/status', (res, req) => {
    const requestId = nextRequestId(req.getHeader('x-request-id'));
    const allowOrigin = cors.anyOrigin ? '*' : cors.allowOrigin(req.getHeader('origin'));
    const ifNoneMatch = req.getHeader('if-none-match');
    const now = Date.now();
    const window = limiter.consume(decoder.decode(res.getRemoteAddressAsText()), now);
    const allowed = limiter.allowed(window);
    const notModified = allowed && ifNoneMatch !== '' && (ifNoneMatch === contract.etag || ifNoneMatch === opaque || ifNoneMatch === `W/${opaque}`);
    res.writeStatus(notModified ? '304 Not Modified' : allowed ? contract.status : '429 Too Many Requests').writeHeader('X-Request-Id', requestId);
    if (allowOrigin !== '') res.writeHeader('Access-Control-Allow-Origin', allowOrigin).writeHeader('Access-Control-Expose-Headers', cors.exposeHeaders);
    if (!cors.anyOrigin) res.writeHeader('Vary', 'Origin');
    res.writeHeader('RateLimit-Policy', limiter.policy).writeHeader('RateLimit', limiter.header(window, now));
    if (!allowed) {
      res.writeHeader('Retry-After', limiter.retryAfter(window, now)).writeHeader('Content-Type', contract.contentType).end(refused);
      return;
    }
    if (contract.etag) res.writeHeader('ETag', contract.etag).writeHeader('Cache-Control', contract.cacheControl);
    if (notModified) res.endWithoutBody();
    else res.writeHeader('Content-Type', contract.contentType).end(body);
  })
  .listen('127.0.0.1', 0, (socket) => {
    if (!socket) process.exit(1);
    process.stdout.write(`${JSON.stringify({ port: uWS.us_socket_local_port(socket) })}\n`);
  });
process.on('SIGTERM', () => process.exit(0));
