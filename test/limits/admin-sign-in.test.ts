import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LOG_LINES_PER_MINUTE, SignInBudget } from '../../src/limits/sign-in-budget.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';
import { capturedLog, WARN } from '../support/captured-log.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasRedis) process.stdout.write('[admin-sign-in] two-node case skipped: no Redis (REDIS_URL)\n');

// Wrong admin keys spend a per-client budget (issue 17 item 8, issue 21 point 2): 10 per 15 min by
// default, shared by every node; past it 429 + Retry-After, the right key included; one warn line
// per failure within the budget, then a bounded few.

const KEY = 'admin-sign-in-test-key-0123';
const WRONG_KEYS_LOGGED = /admin sign-in/;
const settings = { adminApiKey: KEY, trustProxy: ['127.0.0.1'], rateLimit: { adminSignIn: { limit: 10, windowSeconds: 900 } } };
const admin = (url: string, client: string, key: string | null) =>
  call(`${url}/api/admin/station`, { headers: { 'x-forwarded-for': client, ...(key === null ? {} : { authorization: `Bearer ${key}` }) } });

describe('wrong admin keys on one node', () => {
  let server: TestServer;
  let now = Date.parse('2026-06-01T12:00:00Z');
  const captured = capturedLog('info');
  beforeAll(async () => {
    server = await startTestServer(settings, { clock: () => now, log: captured.log });
  });
  afterAll(() => server?.close());

  it('answers 10 wrong keys 401, then 429 with Retry-After to every sign-in of that client, the right key too, until the window passes', async () => {
    const guesser = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await admin(server.url, guesser, `guess-${i}-${'x'.repeat(20)}`)).status);
    const answered401 = statuses.indexOf(429);
    process.stdout.write(`[admin-sign-in] 100 wrong keys from one client: ${answered401} answered 401, then ${statuses.length - answered401} answered 429\n`);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));

    const locked = await admin(server.url, guesser, KEY);
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // the same /64 is the same client; another client is untouched, right key or wrong
    expect((await admin(server.url, '198.51.100.21', KEY)).status).toBe(200);
    expect((await admin(server.url, '198.51.100.21', 'another-wrong-key-000000')).status).toBe(401);

    now += 900_000;
    expect((await admin(server.url, guesser, KEY)).status).toBe(200);
    expect((await admin(server.url, guesser, 'wrong-again-0000000000')).status).toBe(401);
  });

  it('logs each failure within the budget at warn with the client, never the key; then one line at the lock and one at 100', () => {
    const lines = captured.matching(WRONG_KEYS_LOGGED).filter((line) => line.client === '198.51.100.20');
    // 100 failures in the first window (10 + locked + "still locked" at 100), then one in the next
    expect(lines.map((line) => line.msg.split(':')[0])).toEqual([...Array(10).fill('admin sign-in failed'), 'admin sign-in locked', 'admin sign-in still locked', 'admin sign-in failed']);
    expect(lines.every((line) => line.level === WARN && line.ip === '198.51.100.20')).toBe(true);
    expect(lines.map((line) => line.failures)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 100, 1]);
    const text = JSON.stringify(captured.lines);
    expect(text).not.toContain('guess-');
    expect(text).not.toContain(KEY);
  });

  it('does not count a request that tried no key, nor the right key', async () => {
    const staff = '198.51.100.30';
    for (let i = 0; i < 30; i++) expect((await admin(server.url, staff, KEY)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await admin(server.url, staff, null)).status).toBe(401);
    const basic = await call(`${server.url}/api/admin/station`, { headers: { 'x-forwarded-for': staff, authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await admin(server.url, staff, `wrong-${i}-xxxxxxxxxxxxxxxx`)).status).toBe(401);
    expect((await admin(server.url, staff, 'one-too-many-xxxxxxxxxxxx')).status).toBe(429);
    expect(captured.matching(WRONG_KEYS_LOGGED).filter((line) => line.client === staff)).toHaveLength(11);
  });
});

describe.skipIf(!hasRedis)('wrong admin keys across two nodes on one Redis', () => {
  const prefix = uniquePrefix('admin-sign-in');
  const logs = [capturedLog('info'), capturedLog('info')];
  let nodes: TestServer[] = [];
  beforeAll(async () => {
    const shared = { ...settings, redis: { url: redisUrl, prefix } };
    nodes = [await startTestServer(shared, { log: logs[0]!.log }), await startTestServer(shared, { log: logs[1]!.log })];
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await deleteKeys(redisUrl, prefix);
  });

  it('share one budget: 10 wrong keys spread over both nodes, then 429 on both, the right key too', async () => {
    const guesser = '2001:db8:77:1::5';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await admin(nodes[i % 2]!.url, guesser, `guess-${i}-xxxxxxxxxxxxxxxx`)).status);
    process.stdout.write(`[admin-sign-in] 40 wrong keys over 2 nodes on Redis: ${statuses.filter((s) => s === 401).length} answered 401\n`);
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    // another address of the same /64 is the same client, on either node
    for (const node of nodes) expect((await admin(node.url, '2001:db8:77:1::9', KEY)).status).toBe(429);
    expect((await admin(nodes[0]!.url, '2001:db8:77:2::1', KEY)).status).toBe(200);

    const lines = logs.flatMap((captured) => captured.matching(WRONG_KEYS_LOGGED));
    expect(lines.filter((line) => line.msg.startsWith('admin sign-in failed'))).toHaveLength(10);
    expect(lines.filter((line) => line.msg.startsWith('admin sign-in locked'))).toHaveLength(1);
    expect(lines).toHaveLength(11);
    expect(new Set(lines.map((line) => line.client))).toEqual(new Set(['2001:db8:77:1::/64']));
  });
});

describe('the log of a guess flood from many clients', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes at most SIGN_IN_LOG_LINES_PER_MINUTE lines a minute, then one line with how many were left out', async () => {
    vi.useFakeTimers();
    let now = 0;
    const captured = capturedLog('info');
    const budget = new SignInBudget({ limit: 10, windowSeconds: 900 }, new MemoryWindowCounter(900, 100_000, () => now), captured.log, () => now);
    for (let i = 0; i < 1000; i++) await budget.failed(`2001:db8:${i.toString(16)}::/64`, `2001:db8:${i.toString(16)}::1`);
    expect(captured.lines).toHaveLength(SIGN_IN_LOG_LINES_PER_MINUTE);
    now += 60_000;
    vi.advanceTimersByTime(60_000);
    expect(captured.lines).toHaveLength(SIGN_IN_LOG_LINES_PER_MINUTE + 1);
    expect(captured.lines.at(-1)).toMatchObject({ leftOut: 1000 - SIGN_IN_LOG_LINES_PER_MINUTE, level: WARN });
    // a new minute logs again
    await budget.failed('198.51.100.99', '198.51.100.99');
    expect(captured.lines.at(-1)).toMatchObject({ client: '198.51.100.99', failures: 1 });
    budget.close();
  });
});
