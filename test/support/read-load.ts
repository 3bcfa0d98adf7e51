import { setTimeout as delay } from 'node:timers/promises';
import { call } from './test-server.js';

/** The read routes apps poll: station state (status, stats, now playing, the `.php` feeds) and programming. */
export const POLLED_READS = [
  '/api/mobile/status',
  '/api/mobile/stats',
  '/api/mobile/nowplaying',
  '/api/mobile/schedule',
  '/api/mobile/playlists',
  '/api/current-song.php',
  '/api/stream-stats.php',
  '/api/now-playing.php',
] as const;

export interface ReadAnswer {
  path: string;
  at: number;
  status: number;
  /** The Data-Stale header (absent: null). */
  stale: string | null;
  /** The Age header in seconds (absent: null). */
  age: number | null;
  retryAfter: string | null;
}

/**
 * A bounded polling loop, as listener apps would run it: each worker asks the read routes in
 * turn, every answer checked against the OpenAPI document (`call`) and recorded with its status
 * and its staleness headers. Each worker is a client of its own (X-Forwarded-For through the
 * trusted loopback proxy), so the load measures the outage, not one client's budget.
 */
export class ReadLoad {
  readonly answers: ReadAnswer[] = [];
  private running = true;
  private readonly workers: Array<Promise<void>>;

  constructor(url: string, options: { workers?: number; maxMs?: number; paceMs?: number } = {}) {
    const deadline = performance.now() + (options.maxMs ?? 90_000);
    this.workers = Array.from({ length: options.workers ?? 4 }, async (_, worker) => {
      const headers = { 'X-Forwarded-For': `198.51.100.${worker + 1}` };
      for (let i = worker; this.running && performance.now() < deadline; i++) {
        const path = POLLED_READS[i % POLLED_READS.length]!;
        let answer: ReadAnswer = { path, at: performance.now(), status: 0, stale: null, age: null, retryAfter: null };
        try {
          const res = await call(`${url}${path}`, { headers });
          const age = res.headers.get('age');
          answer = { ...answer, status: res.status, stale: res.headers.get('data-stale'), age: age === null ? null : Number(age), retryAfter: res.headers.get('retry-after') };
        } catch {
          // no answer (the connection failed): status 0
        }
        this.answers.push(answer);
        await delay(options.paceMs ?? 10);
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** The answers asked between `from` and `to` (performance.now() times). */
  between(from: number, to: number): ReadAnswer[] {
    return this.answers.filter((a) => a.at >= from && a.at < to);
  }

  /** Per route: answered 200 of asked, between `from` and `to`. */
  sharesBetween(from: number, to: number): Record<string, { ok: number; asked: number }> {
    const shares: Record<string, { ok: number; asked: number }> = {};
    for (const a of this.between(from, to)) {
      const share = (shares[a.path] ??= { ok: 0, asked: 0 });
      share.asked += 1;
      if (a.status === 200) share.ok += 1;
    }
    return shares;
  }
}
