import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';

export type WriteKind = 'chat' | 'request' | 'revenue';
type Kind = WriteKind | 'status';

export interface Attempt {
  kind: Kind;
  /** The hub asked (its URL). */
  hub: string;
  /** When it was sent and when it was answered (performance.now()). */
  sentAt: number;
  at: number;
  status: number;
}

export interface RevenueSent {
  event_id: string;
  body: Record<string, unknown>;
}

/**
 * A bounded request loop over several hubs, as apps and the station's back office would send
 * during a Redis failover: chat posts, song requests, revenue events and status reads in turn,
 * each worker alternating hubs. It records every answer, and what each acknowledged write was
 * (the chat and request ids, the revenue bodies), so the suite can look for them afterwards.
 */
export class FailoverLoad {
  readonly attempts: Attempt[] = [];
  readonly acknowledged = { chat: [] as string[], request: [] as string[], revenue: [] as RevenueSent[] };
  private running = true;
  private readonly workers: Array<Promise<void>>;
  private sequence = 0;

  constructor(
    private readonly urls: string[],
    private readonly adminKey: string,
    options: { workers?: number; maxRequests?: number; maxMs?: number } = {},
  ) {
    const deadline = performance.now() + (options.maxMs ?? 60_000);
    const maxRequests = options.maxRequests ?? 20_000;
    this.workers = Array.from({ length: options.workers ?? 4 }, async (_, worker) => {
      const kinds: Kind[] = ['chat', 'request', 'revenue', 'status'];
      for (let i = worker; this.running && this.attempts.length < maxRequests && performance.now() < deadline; i++) {
        await this.once(kinds[i % kinds.length]!, this.urls[i % this.urls.length]!);
        await delay(5); // paced: a loop that shares two cores with the hubs and Redis
      }
    });
  }

  private async once(kind: Kind, url: string): Promise<void> {
    const n = this.sequence++;
    const sentAt = performance.now();
    let status = 0;
    try {
      if (kind === 'status') {
        const res = await fetch(`${url}/api/mobile/status`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        status = res.status;
      } else if (kind === 'chat') {
        const res = await post(`${url}/api/mobile/chat`, { nickname: 'grace', message: `failover message number ${n}` });
        status = res.status;
        if (res.ok) this.acknowledged.chat.push(res.body.data.id);
      } else if (kind === 'request') {
        const res = await post(`${url}/api/mobile/requests`, { song_title: `Song ${n}-${randomUUID().slice(0, 8)}`, artist: 'Failover Band' });
        status = res.status;
        if (res.ok) this.acknowledged.request.push(res.body.data.id);
      } else {
        const body = {
          event_id: `failover-${n}-${randomUUID().slice(0, 8)}`,
          type: 'donation',
          amount: 100 + n,
          currency: 'USD',
          occurred_at: new Date().toISOString(),
          source: 'failover test',
        };
        const res = await post(`${url}/api/analytics/revenue.php`, body, { authorization: `Bearer ${this.adminKey}` });
        status = res.status;
        if (res.ok) this.acknowledged.revenue.push({ event_id: body.event_id, body });
      }
    } catch {
      status = 0; // no answer in time, or the connection failed
    }
    this.attempts.push({ kind, hub: url, sentAt, at: performance.now(), status });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** What failed after `since`, and when the last failure was. */
  failuresAfter(since: number): { count: number; byKind: Record<Kind, number>; lastAt: number | null; statuses: Record<string, number> } {
    const failed = this.attempts.filter((a) => a.at >= since && (a.status < 200 || a.status >= 300));
    const byKind = { chat: 0, request: 0, revenue: 0, status: 0 };
    const statuses: Record<string, number> = {};
    for (const a of failed) {
      byKind[a.kind]++;
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    return { count: failed.length, byKind, lastAt: failed.length ? Math.max(...failed.map((a) => a.at)) : null, statuses };
  }

  /** Successful answers of one kind after `since`. */
  successesAfter(since: number, kind: Kind): number {
    return this.attempts.filter((a) => a.at >= since && a.kind === kind && a.status >= 200 && a.status < 300).length;
  }
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; ok: boolean; body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  return { status: res.status, ok: res.ok, body: text ? JSON.parse(text) : undefined };
}
