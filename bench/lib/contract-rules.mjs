// The answer's required headers as a careful hand-written server computes them (the public
// interface: X-Request-Id echoed or generated, CORS, IETF RateLimit fields, a fixed-window counter
// per client address). Shared by the contract-equivalent uWS handler and the Socket.IO peer, so
// both baselines do the same work per request. Strings are built once; nothing is allocated per
// request beyond the header values themselves.

// A client's id is echoed only when it is short and plain (as ours does).
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** X-Request-Id: the client's when acceptable, otherwise a process prefix and a counter. */
export function requestIds() {
  const prefix = `${process.pid.toString(36)}${Date.now().toString(36)}-`;
  let next = 0;
  return (clientId) => (clientId !== '' && ACCEPTABLE_ID.test(clientId) ? clientId : prefix + (++next).toString(36));
}

/**
 * CORS for `origins` (["*"] or a list): `allowOrigin(origin)` is the Access-Control-Allow-Origin
 * value or '' when none is sent; `vary` tells whether Vary: Origin goes out.
 */
export function corsRules(origins, exposeHeaders) {
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins);
  return {
    anyOrigin,
    exposeHeaders,
    allowOrigin: (origin) => (anyOrigin ? '*' : allowed.has(origin) ? origin : ''),
  };
}

/**
 * A fixed-window counter per client address in a Map, swept once a minute (as ours). `consume`
 * returns the window; `policy` and `header(window, now)` are the two RateLimit header values.
 */
export function fixedWindow({ name, limit, windowSeconds }) {
  const windows = new Map();
  const windowMs = windowSeconds * 1000;
  let nextSweep = 0;
  return {
    policy: `"${name}";q=${limit};w=${windowSeconds}`,
    consume(key, now) {
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + 60_000;
      }
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window;
    },
    allowed: (window) => window.count <= limit,
    header: (window, now) => `"${name}";r=${limit > window.count ? limit - window.count : 0};t=${Math.max(1, Math.ceil((window.resetAt - now) / 1000))}`,
    retryAfter: (window, now) => String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))),
  };
}

/**
 * What the baselines need to know about our status answer, read from one captured response:
 * the bytes, the content type, the CORS exposure, the rate-limit policy (name, limit, window),
 * the ETag and the Cache-Control.
 */
export function statusContract(response, bodyBase64) {
  const policy = /^"([^"]+)";q=(\d+);w=(\d+)$/.exec(response.headers.get('ratelimit-policy') ?? '');
  if (!policy) throw new Error(`our status answer has no RateLimit-Policy: ${[...response.headers.keys()].join(', ')}`);
  return {
    status: `${response.status} ${response.statusText}`,
    contentType: response.headers.get('content-type'),
    body: bodyBase64,
    origins: response.headers.get('access-control-allow-origin') === '*' ? ['*'] : [],
    exposeHeaders: response.headers.get('access-control-expose-headers') ?? '',
    rateLimit: { name: policy[1], limit: Number(policy[2]), windowSeconds: Number(policy[3]) },
    // The validator and caching headers ours sends with it (a client's If-None-Match gets a 304).
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
  };
}
