import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { AdminAuth } from '../../src/http/admin-auth.js';
import { CorsPolicy } from '../../src/http/cors.js';
import { HttpServer } from '../../src/http/http-server.js';
import { defineRoute, ok } from '../../src/http/route.js';
import { declaredBudgets } from '../../src/limits/budget-declarations.js';
import { Limits } from '../../src/limits/limits.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';

// A budget declared only in the config, named by a route (`budget: 'dedications'`): the edge
// spends it, writes its RateLimit headers under its name, and past it refuses with the one shape
// every declared budget has (reason `budget`, its name in `details` and in the message), in every
// language. No code names the budget but the route.

const KEY = 'declared-budgets-test-key-0123';

describe('a budget declared in the config and named by a route', () => {
  let server: HttpServer;
  let url: string;

  beforeAll(async () => {
    const config = loadConfig({}, { logLevel: 'silent', budgets: { dedications: { limit: 2, windowSeconds: 600, per: 'client', about: 'dedications a client may read' } } });
    const counters = (_name: string, windowSeconds: number) => new MemoryWindowCounter(windowSeconds, 1000, Date.now);
    const limits = new Limits({ trustProxy: [], ipv6PrefixLength: 64, budgets: declaredBudgets(config) }, { shared: counters, local: counters });
    server = new HttpServer({
      routes: [
        defineRoute({ method: 'GET', path: '/api/mobile/dedications', summary: 'Dedications', budget: 'dedications', handler: () => ok([]) }),
        // Under /api/mobile/ and naming no budget: it spends nothing (the path decides nothing).
        defineRoute({ method: 'GET', path: '/api/mobile/free', summary: 'Free', handler: () => ok('free') }),
        defineRoute({ method: 'POST', path: '/api/admin/thing', summary: 'A staff write', auth: 'admin', handler: () => ok('done') }),
        defineRoute({ method: 'POST', path: '/api/admin/unbudgeted', summary: 'A staff write that opts out', auth: 'admin', budget: null, handler: () => ok('done') }),
      ],
      bodyLimitBytes: 1024,
      cors: new CorsPolicy([]),
      clients: limits.identity,
      budgets: { book: limits, staffWrites: 'staffActions' },
      adminAuth: new AdminAuth(KEY, [], limits.adminSignIn),
      log: pino({ enabled: false }),
    });
    url = `http://127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  });
  afterAll(() => server?.close(1000));

  it('spends it with RateLimit headers named after it, then refuses with reason `budget` naming it, in English and Spanish', async () => {
    const first = await fetch(`${url}/api/mobile/dedications`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"dedications";q=2;w=600');
    expect(first.headers.get('ratelimit')).toMatch(/^"dedications";r=1;t=\d+$/);
    expect((await fetch(`${url}/api/mobile/dedications`)).status).toBe(200);

    const english = await fetch(`${url}/api/mobile/dedications`);
    expect(english.status).toBe(429);
    expect(Number(english.headers.get('retry-after'))).toBeGreaterThan(0);
    const en = (await english.json()) as { error: { code: string; reason: string; message: string; details: unknown[] } };
    expect(en.error).toMatchObject({ code: 'RATE_LIMITED', reason: 'budget', details: [{ field: 'budget', message: 'dedications' }] });
    expect(en.error.message).toMatch(/^This client has used up its "dedications" budget; try again in \d+ minutes\.$/);

    const spanish = await fetch(`${url}/api/mobile/dedications`, { headers: { 'accept-language': 'es' } });
    expect(spanish.status).toBe(429);
    const es = (await spanish.json()) as { error: { reason: string; message: string; details: unknown[] } };
    expect(es.error).toMatchObject({ reason: 'budget', details: [{ field: 'budget', message: 'dedications' }] });
    expect(es.error.message).toMatch(/^Este cliente agotó su cupo «dedications»; inténtalo de nuevo en \d+ minutos\.$/);
  });

  it('a route under /api/mobile/ that names no budget spends none', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${url}/api/mobile/free`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
  });

  it('a staff write spends the staff writes unless it opts out with `budget: null`', async () => {
    const auth = { authorization: `Bearer ${KEY}` };
    const write = await fetch(`${url}/api/admin/thing`, { method: 'POST', headers: auth });
    expect(write.status).toBe(200);
    expect(write.headers.get('ratelimit-policy')).toBe('"staff";q=300;w=3600');
    const optedOut = await fetch(`${url}/api/admin/unbudgeted`, { method: 'POST', headers: auth });
    expect(optedOut.status).toBe(200);
    expect(optedOut.headers.get('ratelimit')).toBeNull();
  });

  it('a route naming a budget nobody declared is refused at start-up, naming it', () => {
    const config = loadConfig({}, { logLevel: 'silent' });
    const counters = (_name: string, windowSeconds: number) => new MemoryWindowCounter(windowSeconds, 1000, Date.now);
    const limits = new Limits({ trustProxy: [], ipv6PrefixLength: 64, budgets: declaredBudgets(config) }, { shared: counters, local: counters });
    const build = () =>
      new HttpServer({
        routes: [defineRoute({ method: 'GET', path: '/x', summary: 'X', budget: 'nosuch', handler: () => ok(1) })],
        bodyLimitBytes: 1024,
        cors: new CorsPolicy([]),
        clients: limits.identity,
        budgets: { book: limits },
        adminAuth: new AdminAuth(null, []),
        log: pino({ enabled: false }),
      });
    expect(build).toThrow(/no budget named "nosuch"/);
  });

  it('a declared budget may not take the name of one of the hub’s own', () => {
    const config = loadConfig({}, { logLevel: 'silent', budgets: { reports: { limit: 1, windowSeconds: 60, per: 'client', about: 'a clash' } } });
    expect(() => declaredBudgets(config)).toThrow(/budgets\.reports/);
  });
});
